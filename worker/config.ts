import { STORE_VIEWS, type StoreCode } from '../domain/store-view.ts';
import { COLOR_RELATIONS_LIMIT } from '../domain/catalog/color-relations.ts';
import type { StoreConfig } from './api-types.ts';

/**
 * Everything the worker's rules are configured by. Values are the spec's constants (spec 000 §9); choices the spec
 * leaves open are written down here with the reason.
 */
export interface WorkerConfig extends StoreConfig {
  /** Root category id; categories below it are never queried by id (spec 000 §5). */
  rootCategoryId: number;
  /** Catalogue cache TTL in seconds (spec 000 §9). */
  cacheTtlSeconds: number;
  /** Client request timeout (spec 000 §9 "client timeout 5000 ms"). */
  httpTimeoutMs: number;
  /** This build's version (server/build-version.ts through Vite's define; 'dev' where no build named one). */
  appVersion: string;
  catalog: {
    /** Direct access to configurable children (visibility 1): on, so an old child URL loads its parent. */
    allowDirectChildAccess: boolean;
    /** Out-of-stock products are listed in this storefront (spec 000 §5). */
    listOutOfStock: boolean;
    /** Two-stage category caching (spec 000 §4); switched off at runtime when stage one is slower. */
    twoStageCategoryCaching: boolean;
    defaultPageSize: number;
    colorRelationsLimit: number;
    categoryFetchSize: number;
    /** How old a price shown from the device's cache may be before render-list refreshes it (worker/catalog/price-sync.ts). */
    priceSyncAgeSeconds: number;
  };
  urlDispatcher: {
    /** Product url_paths end with a trailing slash (the real shop's URLs do not). */
    trailingSlash: boolean;
    /** One store per origin (no store code in URLs, spec 000 §2), so content slugs carry no store prefix for nl. */
    multistore: boolean;
  };
}

export function defaultConfig(storeCode: StoreCode = 'nl', apiBase = ''): WorkerConfig {
  const view = STORE_VIEWS[storeCode];
  return {
    storeCode,
    storeId: view.storeId,
    apiBase,
    currency: 'EUR',
    locale: view.locale,
    taxCountry: view.country,
    rootCategoryId: 2,
    cacheTtlSeconds: 86_400,
    httpTimeoutMs: 5_000,
    appVersion: (import.meta.env?.VITE_SHOP_VERSION as string | undefined) ?? 'dev',
    catalog: {
      allowDirectChildAccess: true,
      listOutOfStock: true,
      twoStageCategoryCaching: true,
      defaultPageSize: 50,
      colorRelationsLimit: COLOR_RELATIONS_LIMIT,
      categoryFetchSize: 4_000,
      // our choice (the spec names no age): a quarter of an hour, far below the catalogue TTL of 86 400 s
      priceSyncAgeSeconds: 900,
    },
    urlDispatcher: { trailingSlash: false, multistore: true },
  };
}
