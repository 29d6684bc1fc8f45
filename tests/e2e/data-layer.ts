import type { BrowserContext, Page } from 'playwright-core';

/** An entry pushed into `window.dataLayer` (spec 001 §5 analytics), as a test reads it. */
export interface DataLayerEntry {
  event?: string;
  event_id?: string;
  ecommerce?: Record<string, unknown> | null;
  [field: string]: unknown;
}

/**
 * What every page of `context` pushes into `window.dataLayer` (the app or the tag script), across page loads: the
 * returned list grows as they push. Each entry is copied as it was at its push.
 */
export async function recordDataLayer(context: BrowserContext): Promise<DataLayerEntry[]> {
  const pushes: DataLayerEntry[] = [];
  await context.exposeBinding('__recordDataLayerPush', (_source, entry: DataLayerEntry) => void pushes.push(entry));
  await context.addInitScript(() => {
    const record = (window as unknown as { __recordDataLayerPush: (e: unknown) => void }).__recordDataLayerPush;
    let layer: unknown[] | undefined;
    Object.defineProperty(window, 'dataLayer', {
      configurable: true,
      get: () => layer,
      set: (value: unknown[]) => {
        layer = value;
        const push = value.push.bind(value);
        value.push = (...entries: unknown[]) => {
          for (const entry of entries) record(JSON.parse(JSON.stringify(entry)));
          return push(...entries);
        };
      },
    });
  });
  return pushes;
}

/** The home page, then "Accepteren" in the consent banner, which then closes. */
export async function acceptConsent(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Accepteren' }).click();
  await page.getByRole('region', { name: 'Cookie-instellingen' }).waitFor({ state: 'detached' });
}
