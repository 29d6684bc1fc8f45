import type { Product } from '../../contract/catalog.ts';
import { PRICE_FIELDS, type PriceField } from '../../domain/catalog/product-prices.ts';
import type { CartItemDoc } from '../../schemas/index.ts';
import type { WorkerContext } from '../context.ts';

type Ctx = Pick<WorkerContext, 'db' | 'http' | 'config' | 'now'>;

type PriceFields = Partial<Record<PriceField, number>>;

/** At most this many skus in one render-list call (the server takes up to 1000). */
const RENDER_LIST_BATCH = 100;

/**
 * Spec 000 §7 "GET /api/product/render-list with skus, currencyCode, storeId … A failure returns empty items": the
 * current price fields per sku, none when the call fails (offline, an error answer).
 */
export async function renderListPrices(ctx: Ctx, skus: readonly string[]): Promise<Map<string, PriceFields>> {
  const prices = new Map<string, PriceFields>();
  for (let i = 0; i < skus.length; i += RENDER_LIST_BATCH) {
    const batch = skus.slice(i, i + RENDER_LIST_BATCH);
    try {
      const answer = await ctx.http.get<{ items?: Array<Record<string, unknown>> }>('/api/product/render-list', {
        query: { skus: batch.join(','), currencyCode: ctx.config.currency, storeId: ctx.config.storeId },
      });
      if (answer.code !== 200 || typeof answer.result !== 'object' || !answer.result) continue;
      for (const item of answer.result.items ?? []) {
        const fields: PriceFields = {};
        for (const field of PRICE_FIELDS) {
          if (typeof item[field] === 'number') fields[field] = item[field] as number;
        }
        if (typeof item.sku === 'string' && fields.price_incl_tax !== undefined) prices.set(item.sku, fields);
      }
    } catch {
      // the spec's failure: empty items; the cached prices stay until the next read
    }
  }
  return prices;
}

/**
 * Prices shown from the device's product cache are refreshed through render-list once they are older than
 * `config.catalog.priceSyncAgeSeconds` (docs/catalogue-and-search.md "Price sync"): the cached product documents (the
 * product live query, the compare list and cart lines read them) and the unit price of cart lines the server has not
 * priced yet (a line the server holds shows the server's price, worker/cart/cart-merge.ts). Online reads of listings
 * ask the catalogue itself, so they carry the server's prices already.
 */
export class PriceSync {
  /** When each sku's price was last asked for: a render-list call per sku at most once per price age. */
  private readonly askedAt = new Map<string, number>();

  constructor(private readonly ctx: Ctx) {}

  private get ageMs(): number {
    return this.ctx.config.catalog.priceSyncAgeSeconds * 1000;
  }

  private due(sku: string, cachedAt: number): boolean {
    return this.ctx.now() - Math.max(cachedAt, this.askedAt.get(sku) ?? 0) >= this.ageMs;
  }

  /**
   * The cart's lines (and the cached documents of their products) after the price age, with the server's current
   * prices; `patchLine` writes a line (the cart's own writer, so it waits for the cart's other writes). Answers how many
   * lines and documents changed.
   */
  async refreshCart(
    lines: readonly CartItemDoc[],
    patchLine: (localId: string, patch: Partial<CartItemDoc>) => Promise<unknown>,
  ): Promise<number> {
    const products = await this.ctx.db.products
      .find({ selector: { sku: { $in: [...new Set(lines.flatMap((l) => [l.sku, l.parentSku ?? l.sku]))] } } })
      .exec();
    const cachedAt = new Map(products.map((doc) => [doc.sku, doc.cached_at]));
    const skus = new Set<string>();
    for (const line of lines) {
      const since = cachedAt.get(line.parentSku ?? line.sku) ?? cachedAt.get(line.sku) ?? line.updated_at;
      if (line.item_id == null && this.due(line.sku, since)) skus.add(line.sku);
    }
    for (const doc of products) {
      if (!this.due(doc.sku, doc.cached_at)) continue;
      skus.add(doc.sku);
      for (const child of (doc.doc as Product).configurable_children ?? []) skus.add(child.sku);
    }
    if (skus.size === 0) return 0;
    const prices = await this.ask([...skus]);
    let changed = 0;
    for (const doc of products) {
      const product = doc.toMutableJSON().doc as Product & Record<string, unknown>;
      let dirty = assignPrices(product, prices.get(product.sku));
      for (const child of (product.configurable_children ?? []) as Array<Record<string, unknown>>) {
        dirty = assignPrices(child, prices.get(String(child.sku))) || dirty;
      }
      if (!dirty) continue;
      // the document's cached_at stays: only its prices are new, the rest is as old as it was
      await doc.incrementalPatch({ doc: product });
      changed++;
    }
    for (const line of lines) {
      const price = prices.get(line.sku)?.price_incl_tax;
      if (line.item_id != null || price === undefined || price === line.price_incl_tax) continue;
      await patchLine(line.local_id, { price_incl_tax: price });
      changed++;
    }
    return changed;
  }

  private async ask(skus: string[]): Promise<Map<string, PriceFields>> {
    const prices = await renderListPrices(this.ctx, skus);
    // only an answer counts as asked: offline, the next read asks again
    const now = this.ctx.now();
    for (const sku of prices.keys()) this.askedAt.set(sku, now);
    return prices;
  }
}

function assignPrices(target: Record<string, unknown>, prices: PriceFields | undefined): boolean {
  if (!prices) return false;
  let dirty = false;
  for (const [field, value] of Object.entries(prices)) {
    if (target[field] !== value) {
      target[field] = value;
      dirty = true;
    }
  }
  return dirty;
}
