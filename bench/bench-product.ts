import type { Database } from '../server/db/index.ts';

/** A bench's product: its page without a size and with the size of most stock chosen. */
export interface Target {
  /** The product page without a size. */
  parent: string;
  /** With the size of most stock chosen. */
  child: string;
  childSku: string;
}

/**
 * The configurable product whose size has the most stock: the server is least likely to refuse a growing quantity
 * while a bench counts, and its child URL needs no size choice before "In winkelwagen".
 */
export async function productWithSizes(db: Database): Promise<Target> {
  const { rows } = await db.query<{ sku: string; slug: string; child: string }>(
    `select p.sku, p.slug, c.sku as child from products p
       join products c on c.parent_id = p.id join stock_items s on s.product_id = c.id
      where p.type_id = 'configurable' and p.status = 1 and c.status = 1 and s.is_in_stock
      order by s.qty - s.reserved_qty desc, p.id, c.sku limit 1`,
  );
  if (!rows[0]) throw new Error('bench seed has no configurable product with a size in stock');
  const { sku, slug, child } = rows[0];
  return { parent: `/p/${sku}/${slug}`, child: `/p/${sku}/${slug}/${child}`, childSku: child };
}
