import type { TaskQueue } from '../queue/task-queue.ts';
import { NetworkError } from '../http/errors.ts';
import type { Envelope, Notify } from '../queue/types.ts';
import type { CartItemDoc } from '../../schemas/index.ts';
import type { CartConfig } from './cart-config.ts';
import { CART_TEXT, SERVER_TEXT } from './cart-messages.ts';
import type { CartStore } from './cart-store.ts';

/** Spec 000 §4 "Stock status". */
export type StockStatus = 'ok' | 'volatile' | 'out_of_stock';

/** Spec 000 §9 "Stock prefetch is split into batches of 15 skus". */
export const STOCK_BATCH_SIZE = 15;

interface StockInfo {
  product_id?: number;
  sku?: string;
  qty?: number;
  is_in_stock?: boolean;
  manage_stock?: boolean;
}

/** What marks a line whose product has none left: the spec's 'Out of the stock!' on its stock slot (spec 000 §4). */
export function outOfStockMark(): Pick<CartItemDoc, 'is_in_stock' | 'errors' | 'info'> {
  return { is_in_stock: false, errors: { stock: CART_TEXT.outOfTheStock }, info: {} };
}

/** The cart server's refusal of a line because nothing of it can be sold (qty unavailable with a maximum of 0). */
export function isOutOfStockRefusal(res: Envelope): boolean {
  return res.code === 400 && res.result === SERVER_TEXT.qtyUnavailable && res.meta?.maxQuantity === 0;
}

export function batches<T>(list: readonly T[], size = STOCK_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Stock of cart lines (spec 000 §4 "Adding an item" stock check, "Stock sync on cart items", §7 "Stock"). */
export class StockChecker {
  constructor(
    private readonly o: {
      store: CartStore;
      queue: TaskQueue;
      config: CartConfig;
      notify: Notify;
      online: () => boolean;
    },
  ) {}

  /** ok / volatile (offline or no answer) / out_of_stock. */
  async check(sku: string): Promise<StockStatus> {
    if (!this.o.online()) return 'volatile';
    try {
      const res = await this.o.queue.execute({ url: `/api/stock/check?sku=${encodeURIComponent(sku)}` });
      if (res.code !== 200 || !res.result) return 'volatile';
      return (res.result as StockInfo).is_in_stock === false ? 'out_of_stock' : 'ok';
    } catch (error) {
      if (error instanceof NetworkError) return 'volatile';
      throw error;
    }
  }

  /** After the local write: warn when unsure; an out-of-stock line is marked, or removed when not allowed. */
  async checkAfterAdd(localId: string, sku: string): Promise<StockStatus> {
    const status = await this.check(sku);
    if (status === 'volatile') this.o.notify({ type: 'warning', messageKey: CART_TEXT.stockVolatile });
    if (status === 'out_of_stock') {
      // a line the cart keeps is marked and says so; one it cannot keep was not added, and that is said instead
      this.o.notify(
        this.keepsOutOfStock()
          ? { type: 'warning', messageKey: CART_TEXT.outOfTheStock }
          : { type: 'danger', messageKey: CART_TEXT.outOfStock },
      );
      await this.markOutOfStock(localId);
    }
    if (status === 'ok') await this.o.store.patchItem(localId, { is_in_stock: true });
    return status;
  }

  /** Spec 000 §4 "Stock sync on cart items": the line stays, marked, when allowed or when the cart syncs. */
  private keepsOutOfStock(): boolean {
    return this.o.config.allowOutOfStockInCart || this.o.config.synchronize;
  }

  private async markOutOfStock(localId: string): Promise<void> {
    if (this.keepsOutOfStock()) {
      await this.o.store.patchItem(localId, outOfStockMark());
    } else {
      await this.o.store.removeItem(localId);
    }
  }

  /** Stock sync on all lines, in batches of 15 skus ('In stock!' / 'Out of the stock!' / removal). */
  async syncCartStock(): Promise<void> {
    const items = await this.o.store.items();
    for (const group of batches([...new Set(items.map((i) => i.sku))])) {
      let list: StockInfo[] = [];
      try {
        const res = await this.o.queue.execute({
          url: `/api/stock/list?skus=${group.map(encodeURIComponent).join(',')}`,
        });
        // spec 000 §7: success is 200, otherwise an empty list is assumed
        if (res.code === 200 && Array.isArray(res.result)) list = res.result as StockInfo[];
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
      }
      for (const info of list) {
        for (const item of items.filter((i) => i.sku === info.sku)) {
          if (info.is_in_stock) {
            await this.o.store.patchItem(item.local_id, {
              is_in_stock: true,
              errors: {},
              info: { stock: CART_TEXT.inStock },
            });
          } else {
            await this.markOutOfStock(item.local_id);
          }
        }
      }
    }
  }
}
