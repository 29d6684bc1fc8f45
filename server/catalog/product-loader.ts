import type { Queryable } from '../db/index.ts';
import type { CatalogCache } from './catalog-cache.ts';
import { projectFields, wantsField, type FieldSelection } from './field-projection.ts';
import { productDocument, type ProductDocument } from './product-document.ts';
import { PRODUCT_COLUMNS, productPartsSql, type ProductRowWithParts } from './product-fields.ts';
import type { PriceContext } from './store-context.ts';

/**
 * Product documents by id or sku, without the listing base filter: the URL map and render-list decide visibility
 * themselves. One query, documents returned in the order asked.
 */
export async function loadProducts(
  db: Queryable,
  by: { ids: number[] } | { skus: string[] },
  ctx: PriceContext,
  cache: CatalogCache,
  selection: FieldSelection = {},
): Promise<ProductDocument[]> {
  const isIds = 'ids' in by;
  const keys: Array<number | string> = isIds ? by.ids : by.skus;
  if (keys.length === 0) return [];
  const parts = productPartsSql({
    children: wantsField(selection, 'configurable_children'),
    links: wantsField(selection, 'product_links'),
    tierGroupParam: ctx.customerGroupId !== null ? '$2' : undefined,
  });
  const params: unknown[] = [keys];
  if (ctx.customerGroupId !== null) params.push(ctx.customerGroupId);
  const { rows } = await db.query<ProductRowWithParts>(
    `select ${PRODUCT_COLUMNS}, ${parts} from products p
      where ${isIds ? 'p.id = any($1::int[])' : 'p.sku = any($1::text[])'}`,
    params,
  );
  const byKey = new Map(rows.map((r) => [isIds ? r.id : r.sku, r] as const));
  return keys
    .map((k) => byKey.get(k))
    .filter((r): r is ProductRowWithParts => r !== undefined)
    .map((r) => projectFields(productDocument(r, ctx, cache.taxRules), selection));
}
