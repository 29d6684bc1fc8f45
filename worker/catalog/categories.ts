import type { Category } from '../../contract/catalog.ts';
import type { FilterValue } from '../api-types.ts';
import type { WorkerContext } from '../context.ts';
import type { MappedRoute } from '../../schemas/index.ts';
import { urlMapStore, type UrlMapContext } from '../db/url-map-store.ts';
import { cachedSearch, networkOrCache } from './search.ts';

/** Spec 000 §5 "Categories below the root id are not queried by id"; spec 000 §9 category fetch size 4000. */
export async function loadCategories(ctx: WorkerContext, parentId: number): Promise<Category[]> {
  if (!Number.isInteger(parentId) || parentId < ctx.config.rootCategoryId) return [];
  const result = await cachedSearch<Category>(ctx, 'category', {
    filter: { parent_id: parentId, is_active: true },
    sort: 'position:asc',
    size: ctx.config.catalog.categoryFetchSize,
  });
  await registerCategoryMappings(ctx, result.items);
  return result.items;
}

/**
 * One category, or null when the server (or its cached answer) has none. Offline without a cached answer the network
 * error propagates: that category is not on this device, which says nothing about whether it exists.
 */
export async function getCategory(
  ctx: WorkerContext,
  by: { id: number } | { url_path: string },
): Promise<Category | null> {
  if ('id' in by && (!Number.isInteger(by.id) || by.id < ctx.config.rootCategoryId)) return null;
  const filter: Record<string, FilterValue> =
    'id' in by ? { id: by.id } : { url_path: by.url_path.replace(/^\/+|\/+$/g, '') };
  const result = await networkOrCache<Category>(ctx, 'category', { filter, size: 1 });
  await registerCategoryMappings(ctx, result.items);
  return result.items[0] ?? null;
}

/** Spec 000 §2 "Category url_paths are registered as mappings to route category with param url_path". */
async function registerCategoryMappings(ctx: UrlMapContext, categories: Category[]): Promise<void> {
  const entries: { path: string; type: 'category'; route: MappedRoute }[] = [];
  const visit = (category: Category) => {
    if (category.url_path) {
      entries.push({
        path: category.url_path,
        type: 'category',
        route: { name: 'category', params: { url_path: category.url_path } },
      });
    }
    for (const child of category.children_data ?? []) visit(child);
  };
  categories.forEach(visit);
  await urlMapStore(ctx).setMany(entries);
}
