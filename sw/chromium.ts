/**
 * Debian's Chromium (apt-get install chromium), the one browser the tests, the benchmarks and the manifest screenshots
 * drive; no tool may download a browser of its own.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The flags docs/testing.md gives. Without the background-networking ones Chromium keeps dialling Google's hosts, which
 * this closed network refuses.
 */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
