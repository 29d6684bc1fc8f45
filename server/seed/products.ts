import type { AttributeCatalog } from './attributes.ts';
import { createContext } from './catalogue-context.ts';
import type { Catalogue } from './catalogue-types.ts';
import type { SeedCategory } from './categories.ts';
import { addConfigurables } from './configurable-products.ts';
import { addSets, addSimples } from './simple-products.ts';

export type { Catalogue, SeedLink, SeedProduct } from './catalogue-types.ts';

interface GenerateOptions {
  products: number;
  now: Date;
}

/**
 * Generates the catalogue in memory: N parent products (configurable colour variants of a model, simple accessories,
 * grouped sets, bundles) plus the size children of every configurable. Pure and deterministic for a given N and day.
 *
 * SKU scheme: a parent is `OFM-10001` (numbers in generation order); a configurable child adds colour code and size:
 * `OFM-10001-NAVY-M`, `OFM-10002-DENIM-W32L34`, `OFM-10003-ZWART-43`.
 * url_path: `{top category url_key}/{slug of name}-{colour}-{number}`, e.g. `heren-overhemden/slim-fit-overhemd-met-
 * button-down-kraag-navy-10001`; a child's url_path adds its size and 301-redirects to the parent's.
 */
export function generateCatalogue(
  categories: SeedCategory[],
  attributes: AttributeCatalog,
  options: GenerateOptions,
): Catalogue {
  const ctx = createContext(categories, attributes, options.now);
  const total = Math.max(1, Math.floor(options.products));
  const bundles = total >= 20 ? Math.max(1, Math.floor(total / 400)) : 0;
  const grouped = total >= 10 ? Math.max(1, Math.floor(total / 80)) : 0;
  const simples = Math.min(total - bundles - grouped, Math.max(total >= 10 ? 6 : 0, Math.floor(total * 0.1)));
  const configurables = total - bundles - grouped - simples;

  addConfigurables(ctx, configurables);
  const simpleProducts = addSimples(ctx, simples);
  addSets(ctx, simpleProducts, grouped, bundles);
  return { products: ctx.products, links: ctx.links, images: ctx.images };
}
