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
      const result = await lighthouse(server.url + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = result!.lhr;
      if (lhr.runtimeError) {
        // A failed run scores 0; print why instead of a misleading score.
        rows.push({
          page: name,
          path,
          performance: `error: ${lhr.runtimeError.code}`,
          accessibility: '',
          LCP: '',
          TBT: '',
          CLS: '',
          budget: 'perf ≥ 98, LCP ≤ 1.2 s, a11y 100',
        });
        continue;
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.displayValue ?? '';
      rows.push({
        page: name,
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        LCP: audit('largest-contentful-paint'),
        TBT: audit('total-blocking-time'),
        CLS: audit('cumulative-layout-shift'),
        budget: 'perf ≥ 98, LCP ≤ 1.2 s, a11y 100',
      });
    }
  } finally {
    chrome.kill();
    await server.close();
  }
  return rows;
}
