/** The browser the tests drive; its home is sw/chromium.ts, which the manifest screenshots use too. */
export { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../sw/chromium.ts';
