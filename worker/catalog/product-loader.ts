import type { Product } from '../../contract/catalog.ts';
import type { ProductLoadRequest, ProductView } from '../api-types.ts';
import type { WorkerContext } from '../context.ts';
import { isNetworkError } from '../http/errors.ts';
import { cachedProduct, isFresh, storeProducts } from './cache-store.ts';
import { missingSearchKey, PRODUCT_DISABLED, PRODUCT_NOT_FOUND, ProductUnavailableError } from './messages.ts';
import { applyVariantRules } from '../../domain/catalog/configurable-child.ts';
import { associatedSkus, checkLoadable, childConfiguration } from './product-rules.ts';
import { fetchCatalog } from './search.ts';

/** The product was never loaded on this device and the network is not there: the app says so, not a blank page. */
export class ProductOfflineError extends Error {
  override name = 'ProductOfflineError';
  constructor(sku: string) {
    super(`Product ${sku} is not available offline`);
  }
}

type Key = { sku: string } | { id: number };

export const ANY_VISIBILITY = { in: [1, 2, 3, 4] };

/**
 * Spec 000 §5 "For single-product search, status is filtered to 1". An empty answer is the spec's "product query
 * with an empty result for status or visibility" error. Offline, the locally cached document is used instead.
 */
async function singleProduct(ctx: WorkerContext, key: Key): Promise<{ product: Product; fromCache: boolean }> {
  try {
    // The API's base filter hides visibility 1; the loading rules below decide about children themselves.
    const result = await fetchCatalog<Product>(ctx, 'product', {
      filter: { ...key, status: 1, visibility: ANY_VISIBILITY },
      size: 1,
    });
    const product = result.items[0];
    if (!product) throw new ProductUnavailableError(PRODUCT_NOT_FOUND);
    await storeProducts(ctx, [product]);
    return { product, fromCache: false };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const cached = 'sku' in key ? await cachedProduct(ctx, key.sku) : await cachedById(ctx, key.id);
    if (!cached) throw new ProductOfflineError('sku' in key ? key.sku : String(key.id));
    return { product: cached, fromCache: true };
  }
}

async function cachedById(ctx: WorkerContext, id: number): Promise<Product | null> {
  const doc = await ctx.db.products.findOne({ selector: { id } }).exec();
  return doc && isFresh(ctx, doc.cached_at) ? doc.toMutableJSON().doc : null;
}

/** Grouped products: the associated simple products, from the network or the local cache. */
async function associatedProducts(ctx: WorkerContext, product: Product): Promise<Product[]> {
  const skus = associatedSkus(product);
  if (skus.length === 0) return [];
  let found: Product[];
  try {
    const result = await fetchCatalog<Product>(ctx, 'product', {
      filter: { sku: { in: skus }, status: 1, visibility: ANY_VISIBILITY },
      size: skus.length,
    });
    found = result.items;
    await storeProducts(ctx, found);
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    found = (await Promise.all(skus.map((sku) => cachedProduct(ctx, sku)))).filter((p): p is Product => p !== null);
  }
  const bySku = new Map(found.filter((p) => p.type_id === 'simple').map((p) => [p.sku, p]));
  return skus.map((sku) => bySku.get(sku)).filter((p): p is Product => p !== undefined);
}

/**
 * The product document a cart line with this sku sells, for its display value (worker/cart/line-display-fill.ts): a
 * configurable child's parent with all its children (a sold-out size still has its label), else the product itself.
 */
export async function cartLineProduct(ctx: WorkerContext, sku: string): Promise<Product> {
  const { product } = await singleProduct(ctx, { sku });
  if (Number(product.visibility) !== 1) return product;
  const parentKey: Key | null = product.parentSku
    ? { sku: product.parentSku }
    : product.parentId
      ? { id: product.parentId }
      : null;
  return parentKey ? (await singleProduct(ctx, parentKey)).product : product;
}

/**
 * Loads a product page's data by the spec 000 §4 rules: status ≥ 2 fails; a configurable child (visibility 1) loads
 * its parent when direct child access is allowed (and becomes the selected child); unavailable children are removed
 * and a configurable without any gets errors.variants.
 */
export async function loadProduct(ctx: WorkerContext, request: ProductLoadRequest): Promise<ProductView> {
  if (!request || !request.parentSku) throw new Error(missingSearchKey('sku'));
  let childSku = request.childSku;
  let { product, fromCache } = await singleProduct(ctx, { sku: request.parentSku });

  if (checkLoadable(product, ctx.config.catalog.allowDirectChildAccess) === 'load-parent') {
    childSku = childSku ?? product.sku;
    const parentKey: Key | null = product.parentSku
      ? { sku: product.parentSku }
      : product.parentId
        ? { id: product.parentId }
        : null;
    if (!parentKey) throw new ProductUnavailableError(PRODUCT_DISABLED);
    const parent = await singleProduct(ctx, parentKey);
    product = parent.product;
    fromCache = fromCache || parent.fromCache;
    if (checkLoadable(product, false) !== 'ok') throw new ProductUnavailableError(PRODUCT_DISABLED);
  }

  product = applyVariantRules(product);
  const selectedChild = childSku
    ? ((product.configurable_children ?? []).find((c) => c.sku === childSku) ?? null)
    : null;
  return {
    product,
    selectedChild,
    configuration: selectedChild ? childConfiguration(product, selectedChild) : {},
    associated: await associatedProducts(ctx, product),
    fromCache,
  };
}
