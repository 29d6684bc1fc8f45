import { map } from 'rxjs';
import type { Product } from '../../contract/catalog.ts';
import type {
  CatalogApi,
  CategoryListingQuery,
  ProductSearchQuery,
  SearchResult,
  TextSearchRefinement,
} from '../api-types.ts';
import type { WorkerContext } from '../context.ts';
import { isValidSearchTerm } from '../../domain/validation/index.ts';
import { isNetworkError } from '../http/errors.ts';
import { cachedProduct, storeProducts } from './cache-store.ts';
import { getCategory, loadCategories } from './categories.ts';
import { categoryListingBody, LISTING_FIELDS, textSearchBody } from '../../domain/catalog/listing-query.ts';
import { NO_PRODUCTS_FOR_CATEGORY, NO_SUCH_CONFIGURATION } from './messages.ts';
import { loadProduct } from './product-loader.ts';
import { productReviews, texTracer } from './product-reviews.ts';
import { applyVariantRules, findConfigurableChild } from '../../domain/catalog/configurable-child.ts';
import { colorRelationSkus, colorRelationsBody, sortColorRelations } from '../../domain/catalog/color-relations.ts';
import { cachedSearch, fetchCatalog } from './search.ts';
import { menuOrder } from '../../domain/catalog/menu-categories.ts';
import { TwoStageSwitch } from './two-stage.ts';

/** The catalogue area; a class so tests can reach its state (the two-stage switch, the pending second stage). */
export class CatalogService implements CatalogApi {
  readonly twoStage: TwoStageSwitch;
  /** The running second stage of the last two-stage listing (tests await it). */
  secondStage: Promise<void> = Promise.resolve();

  constructor(
    private ctx: WorkerContext,
    private clock: () => number = () => performance.now(),
  ) {
    this.twoStage = new TwoStageSwitch(ctx.config.catalog.twoStageCategoryCaching);
    ctx.live.register('product', ({ sku }) =>
      ctx.db.products.findOne(sku).$.pipe(map((doc) => (doc ? applyVariantRules(doc.toMutableJSON().doc) : null))),
    );
    ctx.live.register('categories', ({ parentId }) =>
      ctx.db.categories
        .find({ selector: { parent_id: parentId } })
        .$.pipe(map((docs) => menuOrder(docs.map((d) => d.toMutableJSON().doc)))),
    );
  }

  searchProducts(query: ProductSearchQuery): Promise<SearchResult> {
    return cachedSearch<Product>(this.ctx, 'product', query);
  }

  async categoryListing(query: CategoryListingQuery): Promise<SearchResult> {
    const body = categoryListingBody(query, this.ctx.config.catalog.defaultPageSize);
    let result: SearchResult;
    if (this.twoStage.enabled) {
      const started = this.clock();
      result = await cachedSearch<Product>(this.ctx, 'product', { ...body, includeFields: LISTING_FIELDS });
      const firstMs = this.clock() - started;
      if (!result.offline) this.secondStage = this.runSecondStage(body, firstMs);
      else if (result.noresults) result = await cachedSearch<Product>(this.ctx, 'product', body);
    } else {
      result = await cachedSearch<Product>(this.ctx, 'product', body);
      if (result.offline && result.noresults) {
        result = await cachedSearch<Product>(this.ctx, 'product', { ...body, includeFields: LISTING_FIELDS });
      }
    }
    if (result.offline && result.noresults) {
      this.ctx.notify({ type: 'warning', messageKey: NO_PRODUCTS_FOR_CATEGORY, action: { labelKey: 'OK' } });
    }
    return result;
  }

  /** Full documents for the local cache; the timing decides whether the two stages are worth it. */
  private async runSecondStage(body: ProductSearchQuery, firstMs: number): Promise<void> {
    const started = this.clock();
    try {
      await cachedSearch<Product>(this.ctx, 'product', body);
      this.twoStage.record(firstMs, this.clock() - started);
    } catch (error) {
      if (!isNetworkError(error)) console.warn('[worker] second listing stage failed', error);
    }
  }

  async textSearch(
    text: string,
    page = 1,
    size = this.ctx.config.catalog.defaultPageSize,
    refine: TextSearchRefinement = {},
  ): Promise<SearchResult> {
    if (isValidSearchTerm(text) !== null) {
      return {
        items: [],
        total: 0,
        start: 0,
        perPage: size,
        aggregations: {},
        attributeMetadata: [],
        offline: false,
        cache: false,
        noresults: true,
      };
    }
    return cachedSearch<Product>(this.ctx, 'product', textSearchBody(text, page, size, refine));
  }

  loadCategories(parentId: number) {
    return loadCategories(this.ctx, parentId);
  }

  getCategory(by: { id: number } | { url_path: string }) {
    return getCategory(this.ctx, by);
  }

  loadProduct(request: Parameters<CatalogApi['loadProduct']>[0]) {
    return loadProduct(this.ctx, request);
  }

  async configureProduct(parentSku: string, options: Record<string, string>): Promise<{ childSku: string } | null> {
    const product = (await cachedProduct(this.ctx, parentSku)) ?? (await loadProduct(this.ctx, { parentSku })).product;
    const child = findConfigurableChild(product, options);
    if (!child) {
      this.ctx.notify({ type: 'warning', messageKey: NO_SUCH_CONFIGURATION });
      return null;
    }
    return { childSku: child.sku };
  }

  async colorRelations(sku: string): Promise<Product[]> {
    const limit = this.ctx.config.catalog.colorRelationsLimit;
    const product = (await cachedProduct(this.ctx, sku)) ?? (await loadProduct(this.ctx, { parentSku: sku })).product;
    const skus = colorRelationSkus(product).slice(0, 100);
    if (skus.length === 0) return [];
    let related: Product[];
    try {
      const result = await fetchCatalog<Product>(this.ctx, 'product', colorRelationsBody(skus));
      related = result.items;
      await storeProducts(this.ctx, related);
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      related = (await Promise.all(skus.map((s) => cachedProduct(this.ctx, s)))).filter(
        (p): p is Product => p !== null,
      );
    }
    return sortColorRelations(related, limit);
  }

  productReviews(sku: string, offset?: number) {
    return productReviews(this.ctx, sku, offset);
  }

  texTracer(sku: string) {
    return texTracer(this.ctx, sku);
  }
}

export function catalogApi(ctx: WorkerContext): CatalogApi {
  const service = new CatalogService(ctx);
  return {
    searchProducts: (q) => service.searchProducts(q),
    categoryListing: (q) => service.categoryListing(q),
    textSearch: (t, p, s, r) => service.textSearch(t, p, s, r),
    loadCategories: (id) => service.loadCategories(id),
    getCategory: (by) => service.getCategory(by),
    loadProduct: (r) => service.loadProduct(r),
    configureProduct: (sku, o) => service.configureProduct(sku, o),
    colorRelations: (sku) => service.colorRelations(sku),
    productReviews: (sku, offset) => service.productReviews(sku, offset),
    texTracer: (sku) => service.texTracer(sku),
  };
}
