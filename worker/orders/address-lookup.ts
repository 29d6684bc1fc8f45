import type { AddressLookupQuery, AddressLookupResult } from '../../contract/address-lookup.ts';
import { compactPostcode } from '../../domain/validation/address.ts';
import type { WorkerContext } from '../context.ts';
import type { AddressLookup } from './api-types.ts';

/** The lookup waits at most this long: the shopper is typing, and can always fill in street and city by hand. */
const LOOKUP_TIMEOUT_MS = 4_000;

/**
 * Spec 000 §9 "Postcode lookup is allowed for NL and BE": `GET /api/ext/address/lookup`, a direct read like the
 * parcel shops (never queued, nothing kept on the device). A 404 says which field the server did not know
 * (`meta.field`); anything else that is not a 200 — offline, a timeout, a 400, a 5xx, a malformed answer — is
 * `unavailable`, so the form never blocks on it.
 */
export async function lookupAddress(
  ctx: WorkerContext,
  country: string,
  postcode: string,
  houseNumber: string,
): Promise<AddressLookup> {
  const query: AddressLookupQuery = {
    country: country.trim().toUpperCase(),
    postcode: compactPostcode(postcode),
    ...(houseNumber.trim() ? { houseNumber: houseNumber.trim() } : {}),
  };
  try {
    const res = await ctx.http.get<AddressLookupResult | string>('/api/ext/address/lookup', {
      query,
      timeoutMs: LOOKUP_TIMEOUT_MS,
    });
    if (res.code === 404)
      return { status: 'not-found', field: res.meta?.field === 'houseNumber' ? 'houseNumber' : 'postcode' };
    const result = res.result;
    if (res.code !== 200 || typeof result !== 'object' || result === null || typeof result.city !== 'string') {
      return { status: 'unavailable' };
    }
    return { status: 'found', street: typeof result.street === 'string' ? result.street : null, city: result.city };
  } catch {
    return { status: 'unavailable' };
  }
}
