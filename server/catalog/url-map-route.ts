import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Nullable } from '../../contract/schema-helpers.ts';
import type { Queryable } from '../db/index.ts';
import { notFound, ok } from '../http/envelope.ts';
import { publishedStoryById } from '../content/stories.ts';
import { catalogCache } from './catalog-cache.ts';
import { searchCategories } from './category-search.ts';
import { resolveCustomerGroup } from './customer-group.ts';
import { loadProducts } from './product-loader.ts';
import { priceContext, requireStoreCode } from './store-context.ts';

/** '/heren/pak/?a=1#x' → 'heren/pak': url_rewrites store paths without slashes, query or fragment. */
export function normaliseUrlPath(url: string): string {
  let path = url.split(/[?#]/)[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is looked up as written; it will simply not match.
  }
  return path.replace(/^\/+|\/+$/g, '');
}

export interface Target {
  entity_type: 'product' | 'category' | 'cms_page';
  entity_id: number;
  /** A product's sku and its configurable parent's id (null for a parent; both null for other entities). */
  sku: string | null;
  parent_id: number | null;
}

/** url_rewrites first; products and categories by their own url_path as a fallback for rows without a rewrite. */
export async function findTarget(db: Queryable, storeCode: string, path: string): Promise<Target | null> {
  const { rows } = await db.query<Target>(
    `select t.entity_type, t.entity_id, p.sku, p.parent_id from (
       select entity_type, entity_id, 0 as prio from url_rewrites where store_code = $1 and url_path = $2
       union all select 'product', id, 1 from products where url_path = $2
       union all select 'category', id, 2 from categories where url_path = $2
       order by prio limit 1) t
     left join products p on t.entity_type = 'product' and p.id = t.entity_id`,
    [storeCode, path],
  );
  return rows[0] ?? null;
}

const stringList = Type.Unsafe<string[] | null>({
  type: 'array',
  items: { type: 'string', maxLength: 200 },
  maxItems: 200,
  nullable: true,
});

const urlMapQuery = Type.Object({ storeCode: Type.Optional(Type.String()) });

const urlMapBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 1000 }),
    includeFields: Type.Optional(stringList),
    excludeFields: Type.Optional(stringList),
    options: Type.Optional(Type.Unsafe<Record<string, unknown>>({ type: 'object' })),
    filters: Type.Optional(Type.Object({ sku: Type.Optional(Type.String({ maxLength: 100 })) })),
    groupId: Type.Optional(Type.Unsafe<number | string | null>({ type: ['integer', 'string', 'null'] })),
    groupToken: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  },
  { additionalProperties: false },
);

const urlMapRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/url/map', { schema: { querystring: urlMapQuery, body: urlMapBody } }, async (request, reply) => {
    const storeCode = requireStoreCode(request.query.storeCode ?? request.headers['x-store-code'] ?? 'nl');
    const body = request.body;
    const path = normaliseUrlPath(body.url);
    const target = path === '' ? null : await findTarget(app.db, storeCode, path);
    if (!target) throw notFound(`No route found for '${path.slice(0, 200)}'`);

    if (target.entity_type === 'category') {
      const found = await searchCategories(app.db, {
        filter: { id: target.entity_id },
        start: 0,
        size: 1,
        includeFields: body.includeFields ?? undefined,
        excludeFields: body.excludeFields ?? undefined,
      });
      if (!found.items[0]) throw notFound(`No route found for '${path.slice(0, 200)}'`);
      return ok(reply, { _type: 'category', _source: found.items[0] });
    }
    if (target.entity_type === 'cms_page') {
      const story = await publishedStoryById(app.db, target.entity_id);
      if (!story) throw notFound(`No route found for '${path.slice(0, 200)}'`);
      return ok(reply, { _type: 'cms_page', _source: story });
    }

    const cache = await catalogCache(app.db);
    const groupId = await resolveCustomerGroup(app.db, {
      groupToken: body.groupToken ?? undefined,
      groupId: body.groupId,
    });
    const ctx = priceContext(storeCode, app.now(), cache, groupId);
    const selection = { includeFields: body.includeFields, excludeFields: body.excludeFields };
    // parentId/type/url_path/sku are needed to decide; they are projected away afterwards if not asked for.
    const [raw] = await loadProducts(app.db, { ids: [target.entity_id] }, ctx, cache, {
      excludeFields: ['configurable_children', 'product_links'],
    });
    // Spec 000 §4: loading fails for status 2 or higher.
    if (!raw || Number(raw.status) >= 2) throw notFound(`No route found for '${path.slice(0, 200)}'`);
    if (typeof raw.parentId === 'number') {
      // Spec 000 §2: a configurable child URL answers with its parent and a 301 to the parent URL, child in the query.
      const { rows } = await app.db.query<{ url_path: string; status: number }>(
        'select url_path, status from products where id = $1',
        [raw.parentId],
      );
      const parentRow = rows[0];
      if (!parentRow || parentRow.status >= 2) throw notFound(`No route found for '${path.slice(0, 200)}'`);
      const [parent] = await loadProducts(app.db, { ids: [raw.parentId] }, ctx, cache, selection);
      if (parent) {
        const location = `/${parentRow.url_path}?childSku=${encodeURIComponent(String(raw.sku))}`;
        return ok(
          reply,
          { _type: 'product', _source: parent, _childSku: raw.sku },
          { redirect: location, status: 301 },
        );
      }
    }
    const [doc] = await loadProducts(app.db, { ids: [target.entity_id] }, ctx, cache, selection);
    // filters.sku names the selected variant of a configurable (spec 000 §7 URL map).
    const wanted = body.filters?.sku;
    const isChild =
      wanted !== undefined && wanted !== raw.sku
        ? (await app.db.query('select 1 from products where sku = $1 and parent_id = $2', [wanted, raw.id])).rows
            .length > 0
        : false;
    return ok(reply, { _type: 'product', _source: doc, ...(isChild ? { _childSku: wanted } : {}) });
  });
};
export default urlMapRoute;
