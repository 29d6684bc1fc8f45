import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, samplePages, startBenchServer } from './bench-server.ts';

/** Lighthouse 12 (its default config is the mobile preset) on home, a category and a product page. */
export async function benchLighthouse(): Promise<Record<string, string | number>[]> {
  const server = await startBenchServer(200);
  const pages = await samplePages(server.db);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const [name, path] of [
      ['home', '/'],
      ['category', pages.category],
      ['product', pages.product],
    ] as const) {
      const audit = () =>
        lighthouse(server.url + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        }).then((result) => result!.lhr);
      // Lighthouse now and then fails to read its own trace (NO_NAVSTART, NO_FCP on an idle page): that page is
      // audited once more, and the row says so.
      const first = await audit();
      const lhr = first.runtimeError ? await audit() : first;
      const retried = first.runtimeError ? ` (second run; the first: ${first.runtimeError.code})` : '';
      if (lhr.runtimeError) {
        // A failed run scores 0; print why instead of a misleading score.
        rows.push({
          page: name,
          path,
          performance: `error: ${lhr.runtimeError.code}${retried}`,
          accessibility: '',
          LCP: '',
          TBT: '',
          CLS: '',
          budget: 'perf ≥ 98, LCP ≤ 1.2 s, a11y 100',
        });
        continue;
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const shown = (id: string) => lhr.audits[id]?.displayValue ?? '';
      rows.push({
        page: name,
        path,
        performance: `${score('performance')}${retried}`,
        accessibility: score('accessibility'),
        LCP: shown('largest-contentful-paint'),
        TBT: shown('total-blocking-time'),
        CLS: shown('cumulative-layout-shift'),
        budget: 'perf ≥ 98, LCP ≤ 1.2 s, a11y 100',
      });
    }
  } finally {
    chrome.kill();
    await server.close();
  }
  return rows;
}
