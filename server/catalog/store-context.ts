import { defaultTaxCountry } from '../../domain/tax.ts';
import { shopDay } from '../../domain/datetime.ts';
import { notFound } from '../http/envelope.ts';
import type { PriceBreakdown } from '../../domain/price.ts';
import type { CatalogCache } from './catalog-cache.ts';
import { Type } from 'typebox';
import { StringEnum } from '../../contract/schema-helpers.ts';
import { isStoreCode, STORE_CODES, type StoreCode } from '../../domain/store-view.ts';

// The two storefronts (spec 000 §2: one store code per country), named once in domain/.
export { STORE_CODES, isStoreCode, type StoreCode } from '../../domain/store-view.ts';

/** `?storeCode=` of the search provider's calls: one of the store codes, or absent for nl. */
export const storeCodeQuery = Type.Object({ storeCode: Type.Optional(StringEnum(STORE_CODES)) });

/**
 * Magento's "Retail Customer" tax class. Anonymous shoppers and customers without a group are priced with it
 * (spec 000 §6: the default group selects the tax rule unless grouped tax applies).
 */
export const RETAIL_CUSTOMER_TAX_CLASS = 3;

/** Everything a price needs besides the product: where, for whom and when. */
export interface PriceContext {
  storeCode: StoreCode;
  countryId: string;
  customerTaxClassId: number;
  customerGroupId: number | null;
  now: Date;
  /** Shop calendar day of `now` ('YYYY-MM-DD', Europe/Amsterdam); special price windows are whole days. */
  today: string;
  /** Prices already computed in this context (see product-document.ts `priceOf`). */
  priceMemo?: Map<string, { breakdown: PriceBreakdown; taxRate: number }>;
}

export function requireStoreCode(value: unknown): StoreCode {
  if (!isStoreCode(value)) throw notFound(`Unknown store code '${String(value).slice(0, 40)}'`);
  return value;
}

export function priceContext(
  storeCode: StoreCode,
  now: Date,
  cache: CatalogCache,
  customerGroupId: number | null = null,
): PriceContext {
  const group = customerGroupId === null ? undefined : cache.customerGroups.get(customerGroupId);
  return {
    storeCode,
    countryId: defaultTaxCountry(storeCode),
    customerTaxClassId: group?.taxClassId ?? RETAIL_CUSTOMER_TAX_CLASS,
    customerGroupId: group ? group.id : null,
    now,
    today: shopDay(now),
  };
}
