import type { Browser, Page } from 'playwright-core';
import { launchChromium, PHONE } from '../../e2e/browser.ts';
import type { EngineDriver } from './engine-page.ts';
import { scriptExpression, scriptValue } from './script.ts';

/** Debian's Chromium through playwright-core (tests/e2e/browser.ts), a phone-sized context of its own. */
export async function openChromium(): Promise<EngineDriver> {
  const browser: Browser = await launchChromium();
  const context = await browser.newContext(PHONE);
  const page: Page = await context.newPage();
  return {
    engine: 'chromium',
    version: `Chromium ${browser.version()}`,
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    run: async (body, ...args) => scriptValue(await page.evaluate(scriptExpression(body, args))),
    click: (css) => page.click(css),
    type: (css, text) => page.locator(css).pressSequentially(text),
    close: () => browser.close(),
  };
}
