import type { MappedRoute } from '../../schemas/index.ts';
import type { ResolvedRoute, RouteMatch } from '../api-types.ts';
import type { WorkerContext } from '../context.ts';
import { isNetworkError } from '../http/errors.ts';
import { needsDispatch, PAGE_NOT_FOUND } from './eligibility.ts';
import { fallbackRoute, NO_ROUTE_FOUND, type FallbackLookups } from './fallback.ts';
import { httpFallbackLookups } from './fallback-lookups.ts';
import { normalizePath } from '../../domain/url-path.ts';
import { storeCodeOfPath } from '../../domain/store-view.ts';
import { serverUrlMap } from './server-map.ts';
import { urlMapStore } from '../db/url-map-store.ts';

export const NOT_FOUND_ROUTE: MappedRoute = { name: PAGE_NOT_FOUND, params: { slug: PAGE_NOT_FOUND } };

export interface DispatcherOptions {
  lookups?: FallbackLookups;
  /** Customer group sent with the server lookup when enabled (spec 000 §2). */
  identity?: () => { groupId?: number | null; groupToken?: string | null };
  log?: (message: string, error?: unknown) => void;
}

/**
 * The URL dispatcher (spec 000 §2 "Route resolution"): lookup memory → local url map → server → four-step fallback.
 * Resolving one path twice at the same time shares one lookup (the navigation lock), so a double click or a
 * prefetch and a navigation never race each other into two answers.
 */
export class Dispatcher {
  private inflight = new Map<string, Promise<ResolvedRoute>>();
  private lookups: FallbackLookups;

  constructor(
    private ctx: WorkerContext,
    private options: DispatcherOptions = {},
  ) {
    this.lookups = options.lookups ?? httpFallbackLookups(ctx);
  }

  /** True while any path is being resolved. */
  get locked(): boolean {
    return this.inflight.size > 0;
  }

  resolve(path: string, matched?: RouteMatch): Promise<ResolvedRoute> {
    const normalized = normalizePath(path);
    if (!needsDispatch(matched)) {
      return Promise.resolve({ path: normalized, name: matched!.name!, params: matched!.params ?? {} });
    }
    const cmsPage = matched?.cmsPage === true;
    const key = `${cmsPage ? 'cms:' : ''}${normalized}`;
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = this.lookup(normalized, cmsPage).finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private async lookup(path: string, cmsPage: boolean): Promise<ResolvedRoute> {
    // No path names a store (domain/store-view.ts storeCodeOfPath): `/be/home` is not the BE home story in the NL shop.
    if (storeCodeOfPath(path)) return { path, ...NOT_FOUND_ROUTE };
    const store = urlMapStore(this.ctx);
    if (!cmsPage) {
      const known = store.memoryGet(path) ?? (await this.localGet(path));
      if (known) return { path, ...known };
      try {
        const mapped = await serverUrlMap(this.ctx, path, this.options.identity?.());
        if (mapped) {
          await this.remember(path, mapped.type, mapped.route);
          return { path, ...mapped.route };
        }
      } catch (error) {
        if (!isNetworkError(error)) this.options.log?.(`URL map lookup failed for ${path}`, error);
        else return { path, ...NOT_FOUND_ROUTE, offline: true };
      }
    }
    try {
      const route = await fallbackRoute(path, this.lookups, this.ctx.config, { cmsPage });
      if (!cmsPage) await this.remember(path, 'route', route);
      return { path, ...route };
    } catch (error) {
      if (isNetworkError(error)) return { path, ...NOT_FOUND_ROUTE, offline: true };
      if (!(error instanceof Error && error.message === NO_ROUTE_FOUND))
        this.options.log?.(`Fallback routing failed for ${path}`, error);
      // A failed mapping returns page-not-found (spec 000 §8).
      return { path, ...NOT_FOUND_ROUTE };
    }
  }

  /** The local url map; a storage failure is a cache miss (the server answers), never "not found". */
  private async localGet(path: string): Promise<MappedRoute | undefined> {
    try {
      return await urlMapStore(this.ctx).localGet(path);
    } catch (error) {
      this.options.log?.(`Could not read the cached route of ${path}`, error);
      return undefined;
    }
  }

  private async remember(
    path: string,
    type: 'product' | 'category' | 'cms_page' | 'route',
    route: MappedRoute,
  ): Promise<void> {
    try {
      await urlMapStore(this.ctx).set(path, type, route);
    } catch (error) {
      // The route is still right for this navigation; only the cache write failed.
      this.options.log?.(`Could not cache the route of ${path}`, error);
    }
  }
}
