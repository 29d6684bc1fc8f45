import { badRequest } from '../http/envelope.ts';
import type { CatalogCache } from '../catalog/catalog-cache.ts';

/**
 * The `filters` of a search page (spec 001 §7; "objects sent as JSON strings"): a JSON object of attribute codes to
 * the option values chosen (`{"color":["52"]}`), and `price` as [min, max] in euros, the range the client makes of
 * a facet value with two elements (spec 001 §5). Answers the catalogue filter and the values chosen per facet.
 */
export function parseFilters(
  raw: string | undefined,
  cache: CatalogCache,
): { filter: Record<string, unknown>; selected: Record<string, string[]> } {
  const filter: Record<string, unknown> = {};
  const selected: Record<string, string[]> = {};
  if (raw === undefined || raw.trim() === '') return { filter, selected };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest('querystring.filters must be a JSON object');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('querystring.filters must be a JSON object');
  }
  for (const [code, chosen] of Object.entries(value)) {
    const field = `querystring.filters.${code.slice(0, 40)}`;
    if (code === 'price') {
      const range = Array.isArray(chosen) ? chosen : [];
      if (range.length !== 2 || !range.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0)) {
        throw badRequest(`${field} must be [min, max] in euros`);
      }
      filter.final_price = { gte: Math.min(range[0], range[1]), lt: Math.max(range[0], range[1]) };
      continue;
    }
    if (!cache.attributes.get(code)?.is_filterable) throw badRequest(`${field} is not a filterable attribute`);
    const values = Array.isArray(chosen) ? chosen : [chosen];
    if (
      values.length === 0 ||
      values.length > 50 ||
      !values.every((v) => typeof v === 'string' || typeof v === 'number')
    ) {
      throw badRequest(`${field} must be a list of option values`);
    }
    selected[code] = values.map(String);
    filter[code] = { in: selected[code] };
  }
  return { filter, selected };
}
