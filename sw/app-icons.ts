/**
 * The shop's logo and the icons an installed shop needs (public/manifest.webmanifest, index.html), rendered from one
 * SVG at build time with sharp, so no binary icon lives in the repository and none can drift from the logo.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The header's navy: the manifest's theme colour and the icon background. */
export const THEME_COLOR = '#1b2430';

/**
 * "OFM" drawn with strokes (no font: the build machine's fonts would decide the letters). It spans x 96–416 and
 * y 197–315 of a 512 grid (the M starts lower: its mitred peaks reach the top line), so every point is within 175 px
 * of the centre, inside the 205 px safe circle of a maskable icon: the same drawing serves both purposes.
 */
export const monogram = (stroke = '#fff') =>
  `<g fill="none" stroke="${stroke}" stroke-width="22">` +
  '<circle cx="155" cy="256" r="48"/>' +
  '<path d="M233 315V208h56M233 258h44"/>' +
  '<path d="M317 315V231l44 62 44-62v84"/>' +
  '</g>';

/** The logo on its background; `fullBleed` for maskable and Apple icons, whose platform cuts the shape itself. */
export function logoSvg({ fullBleed = false }: { fullBleed?: boolean } = {}): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">' +
    `<rect width="512" height="512" rx="${fullBleed ? 0 : 96}" fill="${THEME_COLOR}"/>${monogram()}</svg>`
  );
}

interface AppIcon {
  /** Path under the site root. */
  file: string;
  size: number;
  fullBleed?: boolean;
}

/**
 * Every icon file the manifest, index.html and the server page's head (src/app/shop-document.tsx) name. The favicon
 * is a PNG, not the SVG: the browser decodes a page's favicon in the page's own main thread, and an SVG is a whole
 * document there (12-18 ms at 4x CPU, measured 2026-12-02, in the moments a first tap waits for;
 * docs/server-rendering.md).
 */
export const APP_ICONS: AppIcon[] = [
  { file: 'icons/favicon-48.png', size: 48 },
  { file: 'icons/icon-192.png', size: 192 },
  { file: 'icons/icon-512.png', size: 512 },
  { file: 'icons/icon-maskable-192.png', size: 192, fullBleed: true },
  { file: 'icons/icon-maskable-512.png', size: 512, fullBleed: true },
  { file: 'icons/apple-touch-icon.png', size: 180, fullBleed: true },
];

async function render(icon: AppIcon): Promise<Buffer> {
  return sharp(Buffer.from(logoSvg(icon)), { density: (72 * icon.size) / 512 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Vite plugin: writes the icons into the build, and serves them in `npm run dev`. */
export function appIcons(): Plugin {
  return {
    name: 'ofm-app-icons',
    async generateBundle() {
      for (const icon of APP_ICONS) this.emitFile({ type: 'asset', fileName: icon.file, source: await render(icon) });
    },
    configureServer(server) {
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const icon = APP_ICONS.find((i) => req.url === `/${i.file}`);
        if (!icon) return next();
        void render(icon).then((body) => {
          res.setHeader('content-type', 'image/png');
          res.end(body);
        }, next);
      });
    },
  };
}
