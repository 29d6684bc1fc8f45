/**
 * The product image placeholder of spec 001 §9, `/assets/placeholder.jpg`: the shop's monogram in grey on the page's
 * off-white, at a tile's size (386×483, the ratio every product image has), rendered at build time with sharp from
 * the logo's own drawing, so no binary lives in the repository. The service worker precaches it (sw/build.ts), so a
 * product without an image shows it offline too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { monogram } from './app-icons.ts';

/** Path under the site root; the app names it as `PLACEHOLDER_IMAGE` (src/ui/product-image.tsx). */
export const PLACEHOLDER_FILE = 'assets/placeholder.jpg';
export const PLACEHOLDER_SIZE = { width: 386, height: 483 } as const;

/** The monogram (drawn on a 512 grid) centred on the tile, about half its width. */
function placeholderSvg(): string {
  const { width, height } = PLACEHOLDER_SIZE;
  const scale = 0.6;
  const x = (width - 512 * scale) / 2;
  const y = (height - 512 * scale) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="#f4f3ef"/>` +
    `<g transform="translate(${x} ${y}) scale(${scale})">${monogram('#9aa1ab')}</g></svg>`
  );
}

export function renderPlaceholder(): Promise<Buffer> {
  return sharp(Buffer.from(placeholderSvg())).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

/** Vite plugin: writes the placeholder into the build, and serves it in `npm run dev`. */
export function placeholderImage(): Plugin {
  return {
    name: 'ofm-placeholder-image',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: PLACEHOLDER_FILE, source: await renderPlaceholder() });
    },
    configureServer(server) {
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (req.url !== `/${PLACEHOLDER_FILE}`) return next();
        void renderPlaceholder().then((body) => {
          res.setHeader('content-type', 'image/jpeg');
          res.end(body);
        }, next);
      });
    },
  };
}
