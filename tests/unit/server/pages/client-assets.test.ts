import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAssets } from '../../../../server/pages/client-assets.ts';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

/** The client build's manifest as Vite writes it, in a folder of its own. */
async function built(manifest: Record<string, unknown>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'client-assets-'));
  await mkdir(join(dir, '.vite'));
  await writeFile(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('the app starter\'s files (docs/server-rendering.md "Bundle")', () => {
  it('names every chunk the entry loads after the chunks it imports, so each is evaluated in a task of its own', async () => {
    const staticDir = await built({
      'index.html': {
        file: 'assets/index-1.js',
        imports: ['_shop-core.js', '_vendor.js', '_runtime.js'],
        css: ['assets/index-1.css'],
        assets: ['assets/shop-worker-1.js'],
      },
      '_shop-core.js': { file: 'assets/shop-core-1.js', imports: ['_vendor.js', '_runtime.js'] },
      '_vendor.js': { file: 'assets/vendor-1.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/rolldown-runtime-1.js' },
    });
    const starter = (await clientAssets(staticDir)).routes.__root__.scripts[0]!.children;
    // the call's arguments: the entry, then the files run before it, in order
    expect(starter).toContain(
      '("/assets/index-1.js",["/assets/rolldown-runtime-1.js","/assets/vendor-1.js","/assets/shop-core-1.js"],"/assets/shop-worker-1.js"',
    );
  });
});
