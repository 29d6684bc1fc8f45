import type { MappedRoute } from '../../schemas/index.ts';
import type { Product } from '../../contract/catalog.ts';
import type { WorkerContext } from '../context.ts';
import { categoryRoute, cmsPageRoute, productRoute } from './route-from-source.ts';
import { urlPathOf } from '../../domain/url-path.ts';

export interface UrlMapAnswer {
  _type: 'product' | 'category' | 'cms_page';
  _source: Record<string, unknown>;
  /** Set when the url was a configurable child's: `_source` is the parent. */
  _childSku?: string;
}

/** The options of spec 000 §7 "URL map" as the storefront sends them. */
export const URL_MAP_OPTIONS = {
  prefetchGroupProducts: true,
  assignProductConfiguration: true,
  populateRequestCacheTags: false,
  setProductErrors: true,
  fallbackToDefaultWhenNoAvailable: true,
  separateSelectedVariant: false,
  setConfigurableProductOptions: true,
  filterUnavailableVariants: true,
};

/**
 * Server fallback of the dispatcher: `POST /api/url/map`. A 404 means "not mapped" (null); network failures
 * propagate so the caller can tell offline from not-found. A configurable child answers with its parent's path to
 * redirect to (301, spec 000 §2) in `meta.redirect` (or `_source.redirect_to`).
 */
export async function serverUrlMap(
  ctx: WorkerContext,
  path: string,
  identity: { groupId?: number | null; groupToken?: string | null } = {},
): Promise<{ type: UrlMapAnswer['_type']; route: MappedRoute } | null> {
  const response = await ctx.http.post<UrlMapAnswer>(
    '/api/url/map',
    {
      url: urlPathOf(path),
      includeFields: null,
      excludeFields: null,
      options: URL_MAP_OPTIONS,
      filters: {},
      groupId: identity.groupId ?? null,
      groupToken: identity.groupToken ?? null,
    },
    { query: { storeCode: ctx.config.storeCode } },
  );
  if (response.code !== 200 || !response.result || !response.result._type) return null;
  const { _type, _source, _childSku } = response.result;
  const redirect = redirectTarget(response.meta, _source);
  let route: MappedRoute;
  if (_type === 'product') {
    const product = _source as unknown as Product;
    route = productRoute(product);
    if (_childSku) route = { ...route, params: { ...route.params, childSku: String(_childSku) } };
  } else if (_type === 'category') {
    route = categoryRoute(_source as { url_path?: string });
  } else {
    route = cmsPageRoute(_source);
  }
  return { type: _type, route: redirect ? { ...route, redirect } : route };
}

function redirectTarget(
  meta: Record<string, unknown> | undefined,
  source: Record<string, unknown>,
): string | undefined {
  const raw = meta?.redirect ?? meta?.redirect_to ?? meta?.target_path ?? source.redirect_to;
  let target: unknown = raw;
  if (raw && typeof raw === 'object') {
    const r = raw as Record<string, unknown>;
    target = r.url_path ?? r.url ?? r.target_path ?? r.path;
  }
  if (typeof target !== 'string' || !target) return undefined;
  return target.startsWith('/') ? target : `/${target}`;
}
