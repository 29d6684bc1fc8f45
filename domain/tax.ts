/** Tax rule shapes as the catalogue's taxrule entity carries them (spec 000 §3 "Tax rule"). */
export interface TaxRate {
  /** Percent, e.g. 21. */
  rate: number;
  tax_country_id: string;
  region_name?: string;
  tax_region_id?: number;
}

export interface TaxRule {
  id: number;
  product_tax_class_ids: number[];
  customer_tax_class_ids: number[];
  rates: TaxRate[];
}

export interface TaxContext {
  countryId: string;
  regionId?: number;
  customerTaxClassId: number;
}

/** A rate without a region (missing, 0 or '*') applies to the whole country, as in Magento. */
function isCountryWide(rate: TaxRate): boolean {
  return !rate.tax_region_id && (!rate.region_name || rate.region_name === '*');
}

/**
 * Tax uses the class, country and region match, otherwise a 0 % rate (spec 000 §5). Returns percent.
 * Rules must match both the product's and the customer's tax class. Among the matching rates a rate for the customer's
 * region wins over a country-wide one; rates for another region never apply.
 */
export function findTaxRate(rules: TaxRule[], productTaxClassId: number, ctx: TaxContext): number {
  const country = ctx.countryId.toUpperCase();
  let countryWide: number | null = null;
  for (const rule of rules) {
    if (!rule.product_tax_class_ids.includes(productTaxClassId)) continue;
    if (!rule.customer_tax_class_ids.includes(ctx.customerTaxClassId)) continue;
    for (const rate of rule.rates) {
      if (rate.tax_country_id.toUpperCase() !== country) continue;
      if (ctx.regionId !== undefined && rate.tax_region_id === ctx.regionId) return rate.rate;
      if (countryWide === null && isCountryWide(rate)) countryWide = rate.rate;
    }
  }
  return countryWide ?? 0;
}

/**
 * Default tax country per storefront (spec 000 §1, §9): nl → NL, be → BE. Unset — and any store code that is not one
 * of our two storefronts — falls back to PL, the spec's literal fallback for an unset tax.defaultCountry.
 */
export function defaultTaxCountry(storeCode: string | undefined): string {
  const code = storeCode?.trim().toLowerCase();
  if (code === 'nl') return 'NL';
  if (code === 'be') return 'BE';
  return 'PL';
}
