import { DEFAULT_MERGE_FLAGS, type MergeFlags } from '../../domain/cart/merge.ts';

/**
 * How long "cart sync is treated as disabled" (spec 000 §4 "Cart connect") lasts once the guest bypass attempts ran
 * out, counted from the last bypass (kv `last-cart-bypass-ts`): the spec names no length; 30 minutes, the spec's
 * checkout activity window (§9), so a visit's pages do not each ask a refusing server again, and a later visit does.
 */
export const CART_BYPASS_PAUSE_MS = 30 * 60 * 1000;

/** Cart configuration flags of spec 000 §9 "Cart behaviour" and §4. */
export interface CartConfig extends MergeFlags {
  /** cart.synchronize */
  synchronize: boolean;
  /** cart.synchronize_totals */
  synchronizeTotals: boolean;
  /** stock.allowOutOfStockInCart: spec 000 §9 "Out-of-stock items may be added to the cart". */
  allowOutOfStockInCart: boolean;
  /**
   * queues.maxCartBypassAttempts (spec 000 §4 "Cart connect"; the spec does not give the value): 1, one retry as a
   * guest cart, after which the cart stays on the device (syncDisabled).
   */
  maxCartBypassAttempts: number;
  /** tax.defaultCountry; null reproduces the spec's "Please do set the tax.defaultCountry" log. */
  taxDefaultCountry: string | null;
  /** Checkout runs on this site, so cart notifications carry the proceed-to-checkout action (spec 000 §8). */
  externalCheckout: boolean;
  /** The store view a new server cart belongs to (its prices, tax and methods); the server's default when unset. */
  storeCode?: 'nl' | 'be';
}

export function defaultCartConfig(taxDefaultCountry: string | null = 'NL'): CartConfig {
  return {
    ...DEFAULT_MERGE_FLAGS,
    synchronize: true,
    synchronizeTotals: true,
    allowOutOfStockInCart: true,
    maxCartBypassAttempts: 1,
    taxDefaultCountry,
    externalCheckout: false,
  };
}
