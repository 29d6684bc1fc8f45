/** The benchmarks' shop and browser: the seeded server of server/seeded-server.ts, Debian's Chromium. */
export { SSR_ENTRY, samplePages, startSeededServer as startBenchServer } from '../server/seeded-server.ts';
export { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
