import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { isStoreCode } from '../catalog/store-context.ts';
import { notFound } from '../http/envelope.ts';
import { storeOfRequest } from './html-page.ts';
import { robotsTxt, sitemapEntries, sitemapIndexXml, sitemapStats, sitemapXml } from './sitemap.ts';

export interface SeoRouteOptions {
  /** The public origin (env PUBLIC_ORIGIN); without it, the request's own scheme and host. */
  publicOrigin?: string;
}

/** Crawlers read these daily; an hour in a CDN keeps them off the database. */
const CRAWL_FILE_CACHE = 'public, max-age=3600';

/** robots.txt and the sitemaps (docs/seo.md); the pages themselves are answered by html-page.ts. */
const sitemapParams = Type.Object({ file: Type.Optional(Type.String({ maxLength: 40 })) });

const seoRoutes: FastifyPluginAsyncTypebox<SeoRouteOptions> = async (app, opts) => {
  const originOf = (request: FastifyRequest) => opts.publicOrigin ?? `${request.protocol}://${request.host}`;

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CRAWL_FILE_CACHE)
      .send(robotsTxt(originOf(request))),
  );

  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CRAWL_FILE_CACHE)
      .header('vary', 'Cookie')
      .send(await sitemapIndexXml(app.db, originOf(request), storeOfRequest(request))),
  );

  app.get('/sitemaps/:file', { schema: { params: sitemapParams } }, async (request, reply) => {
    const match = /^([a-z]+)-([1-9]\d{0,4})\.xml$/.exec(request.params.file ?? '');
    const store = match?.[1];
    const page = Number(match?.[2]);
    if (!match || !isStoreCode(store)) throw notFound('file: no such sitemap');
    const { pages } = await sitemapStats(app.db, store);
    if (page > pages) throw notFound('file: no such sitemap');
    const entries = await sitemapEntries(app.db, store, page, originOf(request));
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CRAWL_FILE_CACHE)
      .send(sitemapXml(entries));
  });
};
export default seoRoutes;
