import type { WorkerContext } from '../context.ts';
import { isNetworkError, ResponseFormatError } from '../http/errors.ts';
import { isFresh } from './cache-store.ts';
import type { Directory } from '../api-types.ts';
import { BUILT_IN_COUNTRIES, type DirectoryCountry } from '../../domain/checkout/countries.ts';

type Ctx = Pick<WorkerContext, 'db' | 'events' | 'http' | 'config' | 'now'>;

/** The latest expiry the cache schema takes (schemas/document-schema.ts epochMs): a directory entry never expires. */
const NO_EXPIRY = 1e15;

/** The store's currency when the currencies call never answered 200: the storefront's own (StoreConfig.currency). */
const BUILT_IN_CURRENCY = { code: 'EUR', symbol: '€' };

interface ServerCountry {
  id?: unknown;
  full_name_locale?: unknown;
  shipping_available?: unknown;
}

interface ServerCurrencies {
  base_currency_code?: unknown;
  base_currency_symbol?: unknown;
}

function toCountries(result: unknown): DirectoryCountry[] | null {
  if (!Array.isArray(result)) return null;
  const countries = (result as ServerCountry[])
    .filter((c) => typeof c.id === 'string' && /^[A-Z]{2}$/i.test(c.id))
    .map((c) => ({
      id: String(c.id).toUpperCase(),
      name: typeof c.full_name_locale === 'string' && c.full_name_locale ? c.full_name_locale : String(c.id),
      shipping: c.shipping_available === true,
    }));
  return countries.length ? countries : null;
}

function toCurrency(result: unknown): Directory['currency'] | null {
  const r = result as ServerCurrencies | null;
  if (!r || typeof r.base_currency_code !== 'string') return null;
  return {
    code: r.base_currency_code,
    symbol: typeof r.base_currency_symbol === 'string' ? r.base_currency_symbol : '',
  };
}

/**
 * One directory call under spec 001 §7 "Directory calls are used only if not cached and the code is 200" and §9 "A
 * failed directory call is silently ignored": a cached answer younger than the catalogue TTL is used without a call;
 * otherwise the call is made with the store code header, and only a 200 with a usable answer replaces the cache.
 * Anything else (offline, a timeout, a 404 or 5xx, a malformed answer) leaves the last good answer in use, also past
 * its TTL, and without one the caller's built-in value. The entry never expires by itself, so the quota purge of
 * expired entries does not take the last good answer away.
 */
export async function cachedDirectoryCall<T>(
  ctx: Ctx,
  path: string,
  parse: (result: unknown) => T | null,
): Promise<{ value: T; source: 'cache' | 'server' } | null> {
  const key = `directory:${ctx.config.storeCode}:${path}`;
  const doc = await ctx.db.cache.findOne(key).exec();
  const cached = doc ? parse(doc.toMutableJSON().value) : null;
  if (doc && cached !== null && isFresh(ctx, doc.cached_at)) return { value: cached, source: 'cache' };
  try {
    const res = await ctx.http.get(path, { headers: { 'x-store-code': ctx.config.storeCode } });
    const value = res.code === 200 ? parse(res.result) : null;
    if (value !== null) {
      await ctx.db.cache.upsert({ key, value: res.result, cached_at: ctx.now(), expires_at: NO_EXPIRY });
      return { value, source: 'server' };
    }
  } catch (error) {
    if (!isNetworkError(error) && !(error instanceof ResponseFormatError)) throw error;
  }
  return cached === null ? null : { value: cached, source: 'cache' };
}

/** The directory's countries and the store's currency (GET directory/countries and directory/currencies). */
export async function loadDirectory(ctx: Ctx): Promise<Directory> {
  const [countries, currency] = await Promise.all([
    cachedDirectoryCall(ctx, '/api/directory/countries', toCountries),
    cachedDirectoryCall(ctx, '/api/directory/currencies', toCurrency),
  ]);
  return {
    countries: countries?.value ?? [...BUILT_IN_COUNTRIES],
    currency: currency?.value ?? BUILT_IN_CURRENCY,
    source: countries?.source ?? 'built-in',
  };
}
