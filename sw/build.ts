/**
 * Builds the service worker after `vite build`: bundles sw/service-worker.ts (workbox modules included) with Vite,
 * then lets workbox-build inject the precache manifest of dist/ into dist/service-worker.js.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { versionDefine } from '../server/build-version.ts';
import { OUTBOX_SCRIPT } from './outbox-script.ts';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');

/** One classic script (a service worker cannot load modules on demand), workbox and RxDB bundled in. */
async function bundle(entry: string, name: string, file: string): Promise<void> {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...versionDefine() },
    build: {
      outDir: dirname(file),
      emptyOutDir: false,
      minify: true,
      target: 'es2022',
      lib: { entry: join(root, entry), formats: ['iife'], name, fileName: () => basename(file) },
    },
  });
}

async function main(): Promise<void> {
  const out = await mkdtemp(join(tmpdir(), 'ofm-sw-'));
  try {
    await bundle('sw/service-worker.ts', 'ofmServiceWorker', join(out, 'sw.js'));
    // loaded by the service worker only when a Background Sync fires: not precached, not part of every start
    await bundle('sw/outbox-send.ts', 'ofmOutboxSend', join(dist, OUTBOX_SCRIPT));
    const { count, size, warnings } = await injectManifest({
      swSrc: join(out, 'sw.js'),
      swDest: join(dist, 'service-worker.js'),
      globDirectory: dist,
      // Not the manifest's screenshots: only the browser's install dialog shows them.
      globPatterns: ['index.html', 'assets/**/*.{js,css,svg,woff2,jpg}', '*.{svg,webmanifest,png,ico}', 'icons/*.png'],
      globIgnores: ['service-worker.js'],
      // Hashed file names already change with their content.
      dontCacheBustURLsMatching: /\/assets\/.+-[\w-]{8,}\./,
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    });
    for (const w of warnings) console.warn(`service worker: ${w}`);
    console.log(`service worker: dist/service-worker.js precaches ${count} files, ${(size / 1024).toFixed(1)} KiB`);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

await main();
