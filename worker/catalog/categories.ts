import type { Category } from '../../contract/catalog.ts';
import type { FilterValue } from '../api-types.ts';
import type { WorkerContext } from '../context.ts';
import { registerCategoryMappings } from '../routing/url-map-store.ts';
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
