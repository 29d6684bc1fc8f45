import { createContext, useContext } from 'react';

/**
 * The answers a server-rendered page was rendered from (domain/page-data.ts), by data hook key. A hook starts from
 * its answer here, so the hydrating render equals the server's; the worker's answer replaces it right after.
 */
export const PrefetchedContext = createContext<Record<string, unknown>>({});

export function usePrefetched<T>(key: string | null): T | undefined {
  const prefetched = useContext(PrefetchedContext);
  return key !== null && Object.hasOwn(prefetched, key) ? (prefetched[key] as T) : undefined;
}
