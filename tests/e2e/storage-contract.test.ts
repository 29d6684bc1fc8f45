import { readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageContractPage } from '../support/storage-contract-browser.ts';
import { storageContract } from '../support/storage-contract.ts';
import { launchChromium } from './browser.ts';

// The storage contract of the worker's database layer on Chromium's real IndexedDB; tests/unit/worker/db/database.test.ts
// runs the same cases on fake-indexeddb. The suite is bundled for the browser, served from 127.0.0.1 (IndexedDB needs
// an origin) and each case is run in the page and reported here as its own test.
const outDir = join(import.meta.dirname, '..', '.tmp', `storage-contract-${process.pid}`);
const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

let server: Server;
let browser: Browser;
let page: Page;

async function bundleContract(): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"test"' },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: {
        entry: join(import.meta.dirname, '..', 'support', 'storage-contract-browser.ts'),
        formats: ['es'],
        fileName: 'contract',
      },
    },
  });
}

function serve(dir: string): Promise<string> {
  server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><script type="module" src="/contract.js"></script>');
      return;
    }
    try {
      const body = await readFile(join(dir, normalize(path).replace(/^(\.\.[/\\])+/, '')));
      res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)),
  );
}

beforeAll(async () => {
  await bundleContract();
  const url = await serve(outDir);
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (error) => console.error('[storage contract page]', error));
  await page.goto(url);
  await page.waitForFunction(() => 'storageContract' in globalThis);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await rm(outDir, { recursive: true, force: true });
});

describe('storage contract on Chromium IndexedDB', () => {
  // The case names come from the same module the page runs; the page must offer exactly these.
  const cases = storageContract(() => Promise.reject(new Error('the cases run in the page')));

  it('the page runs the same cases as this list', async () => {
    const names = await page.evaluate(
      () => (globalThis as { storageContract?: StorageContractPage }).storageContract!.names,
    );
    expect(names).toEqual(cases.map((contractCase) => contractCase.name));
  });

  for (const { name } of cases) {
    it(name, async () => {
      await page.evaluate(
        (caseName) => (globalThis as { storageContract?: StorageContractPage }).storageContract!.run(caseName),
        name,
      );
    });
  }
});
