import type { ConfigurableChild, Product } from '../../contract/catalog.ts';

/** A child a shopper can choose: enabled (status below 2) and not marked out of stock. */
export function childAvailable(child: ConfigurableChild): boolean {
  if (Number(child.status ?? 1) >= 2) return false;
  return child.stock ? child.stock.is_in_stock !== false : true;
}

/**
 * Spec 000 §4 "Configurable product": the first available child whose attributes match every chosen option, or
 * null (the caller shows the 'No such configuration' warning). Pure, so the product page chooses a size in the tap's
 * own task, with the product it shows, and a tap on "In winkelwagen" right after it adds that size
 * (docs/server-rendering.md "How a tap travels from the first paint to the worker").
 */
export function findConfigurableChild(product: Product, options: Record<string, string>): ConfigurableChild | null {
  const chosen = Object.entries(options).filter(([, value]) => value !== undefined && value !== null && value !== '');
  const children = (product.configurable_children ?? []).filter(childAvailable);
  return (
    children.find((child) =>
      chosen.every(([code, value]) => {
        const own = child[code];
        return Array.isArray(own) ? own.map(String).includes(String(value)) : String(own) === String(value);
      }),
    ) ?? null
  );
}
