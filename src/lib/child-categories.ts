import { useEffect } from 'react';
import type { Category } from '../../worker/api-types.ts';
import { prefetchKey } from '../../domain/page-data.ts';
import { useLiveQuery } from './live-query.ts';
import { usePrefetched } from './prefetched.ts';
import { shop } from './shop.ts';

/**
 * The children of a category in menu order, from the worker's local cache; loading once fills it (and refreshes it
 * within its TTL). A server-rendered page starts from the categories the server rendered, and keeps them while the
 * local cache is still empty (a first visit), so the menu and the tabs do not vanish between hydration and the load.
 */
export function useChildCategories(parentId: number): Category[] {
  const live = useLiveQuery({ name: 'categories', parentId });
  const rendered = usePrefetched<Category[]>(prefetchKey.childCategories(parentId));
  useEffect(() => {
    shop()
      .loadCategories(parentId)
      .catch(() => undefined);
  }, [parentId]);
  return live?.length ? live : (rendered ?? live ?? []);
}
