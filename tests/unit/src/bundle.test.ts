import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';

/**
 * docs/architecture.md "The main thread stays light": RxDB, Dexie and ajv live in the worker bundle only, and the main-thread
 * JS for a first page stays within 150 KB gzip. Reads the production build (`npm test` builds it first).
 */
const DIST = 'dist';
const MAIN_BUDGET_BYTES = 150 * 1024;
const WORKER_BUDGET_BYTES = 200 * 1024;

/** Strings only RxDB's and Dexie's code carries (class names, error codes, plugin banners). */
// whole words: a chunk's content hash in a file name is letters and digits too ('password-fields-C2fnAJV2.js')
const WORKER_ONLY_MARKERS = [/RxDatabase/, /RxStorage/, /Open Core RxStorage/, /\bdexie\b/i, /\brxdb\b/i, /\bajv\b/i];

function firstLoadScripts(): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ];
  return srcs.map((m) => m[1].replace(/^\//, ''));
}

const gz = (file: string) => gzipSync(readFileSync(join(DIST, file))).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every JS file the app's manifest knows is main-thread code; the rest of dist/assets is the worker's. */
function workerFiles(): string[] {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const main = new Set(Object.values(manifest).map((c) => c.file));
  return readdirSync(join(DIST, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`)
    .filter((f) => !main.has(f));
}

describe('production bundle', () => {
  beforeAll(() => {
    if (!existsSync(join(DIST, 'index.html'))) {
      throw new Error('dist/index.html is missing: run `npm run build` (npm test does it before vitest)');
    }
  });

  test('the main-thread entry chunk and its preloads contain no RxDB, Dexie or ajv code', () => {
    const files = firstLoadScripts();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const code = readFileSync(join(DIST, file), 'utf8');
      for (const marker of WORKER_ONLY_MARKERS) expect(code, `${file} must not contain ${marker}`).not.toMatch(marker);
    }
  });

  test("the early-input keeper's source is not in the main-thread JS: the server writes it, the browser reads it", () => {
    // a line only the keeper's source has (src/app/early-input-keeper.ts); 2.7 KB gzip when it was
    const marker = 'kept.wanted = true';
    expect(readFileSync('src/app/early-input-keeper.ts', 'utf8')).toContain(marker);
    for (const file of firstLoadScripts())
      expect(readFileSync(join(DIST, file), 'utf8'), `${file} carries the keeper`).not.toContain(marker);
  });

  test('main-thread JS for the first page is within 150 KB gzip; the worker within 200 KB', () => {
    const main = firstLoadScripts().reduce((sum, f) => sum + gz(f), 0);
    const chunks = workerFiles();
    const entry = chunks.find((f) => /RxStorage|RxDatabase/.test(readFileSync(join(DIST, f), 'utf8')));
    expect(entry, 'the worker bundle carries RxDB').toBeTruthy();
    // The ajv validation chunk is loaded only in development (validate: import.meta.env.DEV), so the budget is the
    // entry chunk a shopper's browser runs; the total is reported too.
    const worker = gz(entry!);
    const total = chunks.reduce((sum, f) => sum + gz(f), 0);
    console.log(
      `bundle sizes (gzip): main thread first load ${kb(main)}, worker entry ${kb(worker)}, all worker chunks ${kb(total)}`,
    );
    expect(main).toBeLessThanOrEqual(MAIN_BUDGET_BYTES);
    expect(worker).toBeLessThanOrEqual(WORKER_BUDGET_BYTES);
  });

  test('no browser bundle carries TypeBox: app and worker import contract/ as types only, the server validates', () => {
    const files = readdirSync(join(DIST, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `assets/${f}`);
    expect(files.length).toBeGreaterThan(0);
    // '~kind' tags every TypeBox schema (typebox/build/type/types/*.mjs).
    for (const file of files) expect(readFileSync(join(DIST, file), 'utf8'), file).not.toContain('~kind');
  });
});
