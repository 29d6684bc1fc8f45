import { escapeHtml } from '../../domain/seo/render-head.ts';
import { pageUrl, type SeoStore } from '../../domain/seo/site.ts';
import type { Queryable } from '../db/index.ts';

/** sitemaps.org: at most 50 000 URLs in one sitemap file; more go into further numbered files of the store. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * The indexable url_rewrites of a store: categories that are active, products that are enabled and visible on their
 * own; redirecting rows (configurable children, spec 000 §2) are left out, as they answer 301, not 200.
 */
const PAGES_SQL = `
  select u.url_path, coalesce(p.updated_at, c.updated_at) as lastmod
    from url_rewrites u
    left join products p on u.entity_type = 'product' and p.id = u.entity_id
    left join categories c on u.entity_type = 'category' and c.id = u.entity_id
   where u.store_code = $1 and u.redirect_type is null
     and ((p.id is not null and p.status = 1 and p.visibility <> 1 and p.parent_id is null)
          or (c.id is not null and c.is_active))`;

export interface SitemapEntry {
  loc: string;
  lastmod: string;
}

function day(value: Date | string): string {
  return new Date(value).toISOString().slice(0, 10);
}

/** How many sitemap files a store needs (the home page counts as one URL), and the store's last change. */
export async function sitemapStats(db: Queryable, store: SeoStore): Promise<{ pages: number; lastmod: string | null }> {
  const { rows } = await db.query<{ n: string | number; lastmod: Date | string | null }>(
    `select count(*) as n, max(lastmod) as lastmod from (${PAGES_SQL}) t`,
    [store],
  );
  const n = Number(rows[0]?.n ?? 0);
  const lastmod = rows[0]?.lastmod;
  return { pages: Math.max(1, Math.ceil((n + 1) / SITEMAP_MAX_URLS)), lastmod: lastmod ? day(lastmod) : null };
}

/** The URLs of one sitemap file of a store, page 1 starting with the home page; lastmod is the row's last change. */
export async function sitemapEntries(
  db: Queryable,
  store: SeoStore,
  page: number,
  origin: string,
): Promise<SitemapEntry[]> {
  const offset = (page - 1) * SITEMAP_MAX_URLS;
  const { rows } = await db.query<{ url_path: string; lastmod: Date | string }>(
    `${PAGES_SQL} order by u.url_path limit $2 offset $3`,
    [store, page === 1 ? SITEMAP_MAX_URLS - 1 : SITEMAP_MAX_URLS, page === 1 ? 0 : offset - 1],
  );
  const entries = rows.map((r) => ({ loc: pageUrl(origin, store, r.url_path), lastmod: day(r.lastmod) }));
  if (page !== 1) return entries;
  const newest = rows.reduce((max, r) => (day(r.lastmod) > max ? day(r.lastmod) : max), '1970-01-01');
  return [{ loc: pageUrl(origin, store, ''), lastmod: newest }, ...entries];
}

export function sitemapPath(store: SeoStore, page: number): string {
  return `/sitemaps/${store}-${page}.xml`;
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries
    .map((e) => `<url><loc>${escapeHtml(e.loc)}</loc><lastmod>${e.lastmod}</lastmod></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * The sitemap index of one store view (spec 001 §3 "Store view"): every file of that store. Each store's host serves
 * its own, since a sitemap may only list URLs of the host it is on.
 */
export async function sitemapIndexXml(db: Queryable, origin: string, store: SeoStore): Promise<string> {
  const items: string[] = [];
  const { pages, lastmod } = await sitemapStats(db, store);
  for (let page = 1; page <= pages; page++) {
    const loc = escapeHtml(pageUrl(origin, store, sitemapPath(store, page)));
    items.push(`<sitemap><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** Pages no crawler needs: the API and the per-shopper pages. */
const DISALLOWED = ['/api/', '/winkelwagen', '/checkout', '/mijn-account', '/login', '/wishlist', '/catalogsearch/'];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
}
