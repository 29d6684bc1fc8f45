import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { appStarterScript } from './app-starter.ts';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ViteChunk {
  file: string;
  css?: string[];
  imports?: string[];
  /** Files the chunk references by URL: the entry's include the shop worker's script. */
  assets?: string[];
}

/**
 * The app's entry as the server-rendered document loads it, from the client build's manifest, in TanStack Router's
 * manifest form for its root route: `<HeadContent/>` renders the stylesheets and module preloads, `<Scripts/>` the
 * entry script, on the server and again, identically, in the hydrating browser.
 */
export async function clientAssets(staticDir: string) {
  const manifest = JSON.parse(await readFile(resolve(staticDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ViteChunk
  >;
  const entry = manifest['index.html'];
  if (!entry) throw new Error(`${staticDir}/.vite/manifest.json has no index.html entry`);
  const preloads = new Set<string>();
  const css = new Set(entry.css ?? []);
  const seen = new Set<string>();
  const visit = (keys: string[] | undefined) => {
    for (const key of keys ?? []) {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) continue;
      seen.add(key);
      // a chunk's own imports first: the starter runs the files in this order, and a chunk run before what it
      // imports would evaluate that too, in its own task
      visit(chunk.imports);
      preloads.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
    }
  };
  visit(entry.imports);
  // named by vite.config.ts (`worker.rolldownOptions`); without it the app starts the worker itself
  const worker = entry.assets?.find((file) => /(^|\/)shop-worker-[^/]+\.js$/.test(file));
  return {
    routes: {
      __root__: {
        css: [...css].map((file) => `/${file}`),
        // Fetched by the starter, after the main image (app-starter.ts), so none from the head.
        preloads: [],
        scripts: [
          {
            children: appStarterScript(
              `/${entry.file}`,
              [...preloads].map((file) => `/${file}`),
              worker ? `/${worker}` : null,
            ),
          },
        ],
      },
    },
  };
}
