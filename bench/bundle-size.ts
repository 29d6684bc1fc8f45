import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { OUTBOX_SCRIPT } from '../sw/outbox-script.ts';

/**
 * Main-thread and worker JS (gzip) from the production build in dist/. The main-thread set for a route is the entry
 * chunk plus what it imports statically plus the route's own lazy chunk(s); worker JS is every script the worker
 * entry pulls in. Reads Vite's manifest (build.manifest) so it measures what the browser actually downloads.
 */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchBundleSize(distDir = 'dist'): Promise<Record<string, string | number>[]> {
  const manifest = JSON.parse(await readFile(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gz = new Map<string, number>();
  const size = async (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(await readFile(join(distDir, file))).length);
    return gz.get(file)!;
  };
  const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
    return seen;
  };
  const sum = async (keys: Iterable<string>) => {
    let total = 0;
    for (const k of keys) if (manifest[k]?.file.endsWith('.js')) total += await size(manifest[k].file);
    return total;
  };

  const rows: Record<string, string | number>[] = [];
  const entryKey =
    Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html')) ??
    Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const entrySet = staticClosure(entryKey);
  const entryBytes = await sum(entrySet);
  rows.push({
    bundle: 'main thread: entry + static imports',
    gzip: kb(entryBytes),
    budget: '≤ 150 KB with the first route',
  });

  // Lazy route chunks: one row per dynamic entry under src/, measured with the entry's closure added.
  for (const key of Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && k.startsWith('src/'))
    .sort()) {
    const closure = staticClosure(key, new Set(entrySet));
    rows.push({ bundle: `main thread: ${key}`, gzip: kb(await sum(closure)), budget: '≤ 150 KB' });
  }

  // Worker chunks are emitted outside the manifest's page graph.
  const manifestFiles = new Set(Object.values(manifest).map((c) => c.file));
  const assets = await readdir(join(distDir, 'assets'));
  let workerBytes = 0;
  for (const file of assets.filter((f) => f.endsWith('.js') && !manifestFiles.has(`assets/${f}`))) {
    workerBytes += await size(`assets/${file}`);
  }
  rows.push({ bundle: 'worker (all chunks)', gzip: kb(workerBytes), budget: '≤ 200 KB' });
  // the Background Sync sender is loaded by the service worker only when a sync fires (sw/outbox-send.ts)
  for (const [bundle, file] of [
    ['service worker', 'service-worker.js'],
    ['service worker: Background Sync sender', OUTBOX_SCRIPT],
  ]) {
    try {
      rows.push({ bundle, gzip: kb(await size(file)), budget: '—' });
    } catch {
      rows.push({ bundle, gzip: 'not built', budget: '—' });
    }
  }
  return rows;
}
