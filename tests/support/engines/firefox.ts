import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { PHONE_SIZE, type EngineDriver } from './engine-page.ts';
import { scriptExpression, scriptValue } from './script.ts';

/** Debian's Firefox ESR (`apt-get install firefox-esr`); never a downloaded one. */
export const FIREFOX_PATH = '/usr/bin/firefox-esr';

/** Firefox ESR over WebDriver BiDi (puppeteer-core), headless, with an empty profile of its own. */
export async function openFirefox(): Promise<EngineDriver> {
  const profile = await mkdtemp(join(tmpdir(), 'ofm-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: profile,
    // the closed network here: no update, telemetry or safe-browsing calls
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'network.captive-portal-service.enabled': false,
    },
  });
  const page = await browser.newPage();
  await page.setViewport(PHONE_SIZE);
  return {
    engine: 'firefox',
    version: await browser.version(),
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    run: async (body, ...args) => scriptValue(await page.evaluate(scriptExpression(body, args))),
    click: (css) => page.click(css),
    type: (css, text) => page.type(css, text),
    close: async () => {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
