import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PageData } from '../../domain/page-data.ts';
import { storeCodeOfHost } from '../../domain/store-view.ts';
import { SHELL_REVISION_HEADER } from '../../domain/seo/shell-revision.ts';
import { etagOf, ifNoneMatches, PAGE_CACHE_CONTROL, shellRevision, storeOfRequest } from '../seo/html-page.ts';
import { resolvePageHead } from '../seo/resolve-page-head.ts';
import { resolvePath } from '../seo/resolve-path.ts';
import { clientAssets } from './client-assets.ts';
import { resolvePageData, type PageMatch } from './resolve-page.ts';

/** What the server build of the app exports (src/entry-server.tsx). */
interface RenderEntry {
  matchPage(pathname: string): PageMatch | null;
  renderPage(input: { request: Request; page: PageData; assets: unknown; nonce: string }): Promise<Response>;
}

export interface PagesOptions {
  /** The client build (dist/): its manifest names the entry script and styles. */
  staticDir: string;
  /** The server build of the app (dist-ssr/entry-server.js). */
  entry: string;
  /** The public origin for canonical URLs (env PUBLIC_ORIGIN); without it, the request's own scheme and host. */
  publicOrigin?: string;
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
 * Server-rendered pages (docs/server-rendering.md): every GET that is not an API, image, payment or built file is
 * answered with the app's own routes rendered by React's streaming renderer through TanStack Router's SSR. The
 * status, head and caching are the search-engine resolver's (server/seo/, docs/seo.md); the data the
 * page renders with is read for the visit's store view (resolve-page.ts).
 */
const pages: FastifyPluginAsyncTypebox<PagesOptions> = async (app, options) => {
  // The server build leaves React external, and React picks its build by NODE_ENV when first loaded: unset, the
  // development build renders every page several times slower (with checks meant for a developer's browser).
  process.env.NODE_ENV ??= 'production';
  const entry = (await import(pathToFileURL(resolve(options.entry)).href)) as RenderEntry;
  const assets = await clientAssets(options.staticDir);
  // The build these pages belong to, as the service worker compares it (server/seo/html-page.ts, sw/): read once,
  // with the assets above, so the revision named is the one of the scripts the page loads.
  const revision = await shellRevision(options.staticDir);

  app.get('/*', async (request, reply) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    if (NOT_PAGES.test(url.pathname)) return reply.callNotFound();
    const store = storeOfRequest(request);
    const origin = options.publicOrigin ?? `${request.protocol}://${request.host}`;
    // What the path is, resolved once for the page's data and for its head and status; the head is built from the
    // documents the data read (one read of a product page's product).
    const target = await resolvePath(app.db, store, request.url);
    const data = await resolvePageData(app, url, entry.matchPage(url.pathname), store, target);
    const resolved = await resolvePageHead(app.db, request.url, {
      origin,
      now: app.now(),
      store,
      target,
      product: data.product,
      trail: data.trail,
    });
    if (resolved.status === 301) return reply.redirect(resolved.location ?? '/', 301);
    reply.header('cache-control', PAGE_CACHE_CONTROL[resolved.caching]);
    reply.header(SHELL_REVISION_HEADER, revision);
    if (storeCodeOfHost(request.hostname) === null) reply.header('vary', 'Cookie');
    const page: PageData = { status: resolved.status, store, head: resolved.page, prefetched: data.prefetched };
    // A visitor who leaves stops the render.
    const abort = new AbortController();
    reply.raw.once('close', () => abort.abort());
    // Every inline script of the page (the starter, the head's, the router's data) carries the answer's CSP nonce.
    const nonce = reply.cspNonce.script;
    const response = await entry.renderPage({ request: webRequest(request, url, abort.signal), page, assets, nonce });
    response.headers.forEach((value, name) => void reply.header(name, value));
    // The router's own redirect (a strict trailing slash, spec 001 §2) keeps its status; otherwise the page's.
    if (response.status >= 300 && response.status < 400) return reply.code(response.status).send();
    reply.code(page.status);
    if (!response.body) return reply.send('');
    if (page.status !== 200 || resolved.caching !== 'catalogue') {
      return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
    }
    // A catalogue page is the same for every visitor: read whole, it gets an ETag and a 304 for a copy still held.
    // Its tag is of the page without the answer's nonce: a 304 keeps the stored copy with its own CSP (security.md).
    const html = await response.text();
    const etag = etagOf(html.replaceAll(nonce, ''));
    reply.header('etag', etag);
    if (ifNoneMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(html);
  });
};

export default pages;
