import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_TEXTS_NL } from '../../domain/seo/not-found.ts';
import { escapeHtml } from '../../domain/seo/render-head.ts';
import { SHELL_REVISION_HEADER } from '../../domain/seo/shell-revision.ts';
import { resolveStoreCode, storeChoiceFromCookies, storeCodeOfHost, STORE_VIEWS } from '../../domain/store-view.ts';
import type { Queryable } from '../db/index.ts';
import { shellWithNonce } from '../http/shell-nonce.ts';
import { resolvePageHead, type PageCaching, type ResolvedPage } from './resolve-page-head.ts';

/**
 * Cache-Control per kind of page. Catalogue HTML is the same for every shopper: a CDN may keep it a minute and serve
 * it stale for five more while it fetches a fresh copy; the prices a shopper acts on come from the worker after the
 * app starts, so a stale page never sells at a stale price. Cart, account and checkout are never stored.
 */
export const PAGE_CACHE_CONTROL: Record<PageCaching, string> = {
  catalogue: 'public, max-age=60, stale-while-revalidate=300',
  private: 'no-store',
  missing: 'public, max-age=60',
};

/** The shell's own title and description give way to the page's (index.html keeps them for a bare shell). */
const SHELL_TITLE = /<title>[\s\S]*?<\/title>\s*/;
const SHELL_DESCRIPTION = /<meta\s+name="description"[\s\S]*?>\s*/;

/** The Dutch not-found page inside the root element: what a crawler reads; the app renders its own over it. */
function notFoundBody(): string {
  const t = NOT_FOUND_TEXTS_NL;
  return (
    '<div class="page not-found" data-page="not-found"><h1>' +
    escapeHtml(t['Page not found']) +
    '</h1><p>' +
    escapeHtml(t['Sorry, we could not find this page. It may have moved or no longer exists.']) +
    '</p><a href="/">' +
    escapeHtml(t['Continue shopping']) +
    '</a></div>'
  );
}

/** The built shell (index.html) with the page's head, store and, for a missing page, the not-found text. */
export function pageHtml(shell: string, page: ResolvedPage): string {
  let html = shell.replace(SHELL_TITLE, '').replace(SHELL_DESCRIPTION, '');
  html = html.replace('</head>', `${page.head}\n</head>`);
  // The app reads the store from <html data-store> (worker/client.ts); spec 001 §1: lang nl, nl-be for Belgium.
  html = html.replace(/<html lang="[^"]*"/, `<html lang="${STORE_VIEWS[page.store].lang}" data-store="${page.store}"`);
  if (page.status === 404 || page.status === 410) {
    html = html.replace('<div id="root"></div>', `<div id="root">${notFoundBody()}</div>`);
  }
  return html;
}

/** A weak validator: the same bytes give the same tag, whatever encoding the compressor then picks. */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function ifNoneMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

export interface PageResponderOptions {
  db: () => Queryable;
  staticDir: string;
  /** The public origin for canonical URLs (env PUBLIC_ORIGIN); without it, the request's own scheme and host. */
  publicOrigin?: string;
  now: () => Date;
}

/**
 * The HTML answer to a page navigation until server rendering lands: the app shell with the page's head tags and
 * the right status (docs/seo.md), an ETag, and a 304 when the client already holds that page.
 */
export function pageResponder(options: PageResponderOptions) {
  const shellFile = resolve(options.staticDir, 'index.html');
  return async function respond(request: FastifyRequest, reply: FastifyReply) {
    const origin = options.publicOrigin ?? `${request.protocol}://${request.host}`;
    const store = storeOfRequest(request);
    const page = await resolvePageHead(options.db(), request.url, { origin, now: options.now(), store });
    reply.header('cache-control', PAGE_CACHE_CONTROL[page.caching]);
    // On a host that names no store the remembered choice decides, so a cache must keep the two apart.
    if (storeCodeOfHost(request.hostname) === null) reply.header('vary', 'Cookie');
    // Read per request (about 1 KB, in the OS cache): a deploy that replaces dist/ is served at once, as sendFile did.
    const shell = await readFile(shellFile, 'utf8');
    reply.header(SHELL_REVISION_HEADER, revisionOf(shell));
    if (page.status === 301 && page.location) return reply.redirect(page.location, 301);
    const html = pageHtml(shell, page);
    reply.code(page.status).type('text/html; charset=utf-8');
    if (page.status === 200 && page.caching === 'catalogue') {
      // Of the page without its answer's nonce: the same page keeps its tag (a 304 keeps the stored copy's CSP).
      const etag = etagOf(html);
      reply.header('etag', etag);
      if (ifNoneMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    }
    return reply.send(shellWithNonce(html, reply.cspNonce.script));
  };
}

/** The store view of a request: its host's (www.ofm-shop.be), else the device's remembered choice, else nl. */
export function storeOfRequest(request: FastifyRequest) {
  return resolveStoreCode(request.hostname, storeChoiceFromCookies(request.headers.cookie ?? ''));
}

/** The shell's revision as workbox-build precaches it (the MD5 of index.html): the build a page belongs to. */
const revisionOf = (shell: string) => createHash('md5').update(shell).digest('hex');

export async function shellRevision(staticDir: string): Promise<string> {
  return revisionOf(await readFile(resolve(staticDir, 'index.html'), 'utf8'));
}
