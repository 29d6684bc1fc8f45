import type { CartItemDoc } from '../../schemas/index.ts';
import { cartLineDisplay, type DisplayProduct } from '../../domain/cart/line-display.ts';
import type { CartStore } from './cart-store.ts';

/** The product document a line sells, by the line's sku (a configurable child's parent with all its children). */
export type FindLineProduct = (sku: string) => Promise<DisplayProduct | null>;

/**
 * Lines the server brought (cart pull, login merge; spec 000 §4 "add-from-server") arrive with the server's name
 * only. This gives them the same display value a line added on this device has (domain/cart/line-display.ts), from
 * the product looked up by sku. A lookup that fails (offline) is tried again on the next change of the cart.
 */
export class LineDisplayFill {
  private readonly busy = new Set<string>();
  private readonly done = new Set<string>();

  constructor(private readonly o: { store: CartStore; findProduct: FindLineProduct }) {}

  /** A line made on this device carries the product's url_path; the server's name alone does not. */
  static needsDisplay(item: CartItemDoc): boolean {
    return item.product?.url_path === undefined;
  }

  async fill(items: readonly CartItemDoc[]): Promise<void> {
    for (const item of items) {
      if (!LineDisplayFill.needsDisplay(item) || this.busy.has(item.local_id) || this.done.has(item.local_id)) continue;
      this.busy.add(item.local_id);
      try {
        const product = await this.o.findProduct(item.sku);
        if (!product) continue;
        const display = cartLineDisplay(product, item);
        const patch: Partial<CartItemDoc> = { product: display };
        if (display.parentSku && !item.parentSku) patch.parentSku = display.parentSku;
        // marked before the write: the write itself changes the cart and calls fill again
        this.done.add(item.local_id);
        await this.o.store.exclusive(() => this.o.store.patchItem(item.local_id, patch));
      } catch {
        // offline or no longer sold: the line keeps the server's name
      } finally {
        this.busy.delete(item.local_id);
      }
    }
  }
}
