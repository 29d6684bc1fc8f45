import type { ConfigurableChild, Product } from '../../contract/catalog.ts';

/** Spec 000 §5's text for a configurable product none of whose children a shopper can choose (English source text). */
export const NO_AVAILABLE_VARIANTS = 'No available product variants';

/** A child a shopper can choose: enabled (status below 2) and not marked out of stock. */
export function childAvailable(child: ConfigurableChild): boolean {
  if (Number(child.status ?? 1) >= 2) return false;
  return child.stock ? child.stock.is_in_stock !== false : true;
}

/**
 * Out-of-stock children and children with status ≥ 2 are removed; a configurable product left with none gets
 * errors.variants 'No available product variants' (spec 000 §4, §5). Returns a new object. The worker loads a
 * product page's product by this rule and the server renders the page from the product so ruled, so the hydrating
 * app renders the same sizes and the worker's answer changes nothing on the screen.
 */
export function applyVariantRules(product: Product): Product {
  if (product.type_id !== 'configurable') return product;
  const children = (product.configurable_children ?? []).filter(childAvailable);
  const errors = { ...(product.errors ?? {}) };
  if (children.length === 0) errors.variants = NO_AVAILABLE_VARIANTS;
  else delete errors.variants;
  return { ...product, configurable_children: children, errors };
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
