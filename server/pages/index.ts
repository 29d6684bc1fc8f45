import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { PageData } from '../../domain/page-data.ts';
import { clientAssets } from './client-assets.ts';
import { resolvePage, type PageMatch } from './resolve-page.ts';

/** What the server build of the app exports (src/entry-server.tsx). */
interface RenderEntry {
  matchPage(pathname: string): PageMatch | null;
  renderPage(input: { request: Request; page: PageData; assets: unknown }): Promise<Response>;
}

export interface PagesOptions {
  /** The client build (dist/): its manifest names the entry script and styles. */
  staticDir: string;
  /** The server build of the app (dist-ssr/entry-server.js). */
  entry: string;
}

/** Paths that are never a page: the API, images, payment pages, health checks and built files. */
const NOT_PAGES = /^\/(api|img|pay|assets|icons)(\/|$)|^\/(healthz|readyz)$/;

function webRequest(request: FastifyRequest, url: URL, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(url, { method: 'GET', headers, signal });
}

/**
 * Server-rendered pages (README "Server rendering"): every GET that is not an API, image, payment or built file is
 * answered with the app's own routes rendered by React's streaming renderer through TanStack Router's SSR, with the
 * status and head `resolvePage` decides for the URL.
 */
const pages: FastifyPluginAsync<PagesOptions> = async (app, options) => {
  const entry = (await import(pathToFileURL(resolve(options.entry)).href)) as RenderEntry;
  const assets = await clientAssets(options.staticDir);

  app.get('/*', async (request, reply) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    if (NOT_PAGES.test(url.pathname)) return reply.callNotFound();
    const page = await resolvePage(app, url, entry.matchPage(url.pathname));
    if (page.redirect) return reply.redirect(page.redirect, 301);
    // A visitor who leaves stops the render.
    const abort = new AbortController();
    reply.raw.once('close', () => abort.abort());
    const response = await entry.renderPage({ request: webRequest(request, url, abort.signal), page, assets });
    // The router's own redirect (a strict trailing slash, spec 001 §2) keeps its status; otherwise the page's.
    const redirected = response.status >= 300 && response.status < 400;
    reply.code(redirected ? response.status : page.status);
    response.headers.forEach((value, name) => void reply.header(name, value));
    if (!response.body) return reply.send('');
    return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
  });
};

export default pages;
