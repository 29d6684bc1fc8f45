import type { Queryable } from '../db/index.ts';
import type { TaxRule } from '../../domain/tax.ts';

export interface AttributeOption {
  value: string;
  label: string;
  swatch?: string | null;
  sort_order: number;
}

export interface AttributeMeta {
  attribute_id: number;
  attribute_code: string;
  frontend_label: string;
  frontend_input: string;
  is_filterable: boolean;
  is_comparable: boolean;
  is_visible_on_front: boolean;
  is_user_defined: boolean;
  is_visible: boolean;
  position: number;
  options: AttributeOption[];
}

export interface CatalogCache {
  taxRules: TaxRule[];
  attributes: Map<string, AttributeMeta>;
  customerGroups: Map<number, { id: number; taxClassId: number }>;
  storeIds: Map<number, string>;
  loadedAt: number;
}

/**
 * Tax rules, attributes and customer groups are a few dozen rows that change only with a new seed or a deploy, yet
 * every search needs them; reading them per request would cost three round trips against the 15 ms budget. A short
 * time-to-live keeps edits visible within seconds.
 */
const TTL_MS = 10_000;
const caches = new WeakMap<Queryable, Promise<CatalogCache>>();

export function catalogCache(db: Queryable): Promise<CatalogCache> {
  const existing = caches.get(db);
  if (existing) {
    return existing.then((cache) => (Date.now() - cache.loadedAt < TTL_MS ? cache : reload(db)));
  }
  return reload(db);
}

export function invalidateCatalogCache(db: Queryable): void {
  caches.delete(db);
}

function reload(db: Queryable): Promise<CatalogCache> {
  const loading = load(db);
  caches.set(db, loading);
  loading.catch(() => caches.delete(db));
  return loading;
}

async function load(db: Queryable): Promise<CatalogCache> {
  const [rules, rates, attributes, options, groups, stores] = await Promise.all([
    db.query<{ id: number; product_tax_class_ids: number[]; customer_tax_class_ids: number[] }>(
      'select id, product_tax_class_ids, customer_tax_class_ids from tax_rules order by priority, id',
    ),
    db.query<{ tax_rule_id: number; rate: string; tax_country_id: string; region_name: string; tax_region_id: number }>(
      'select tax_rule_id, rate, tax_country_id, region_name, tax_region_id from tax_rates order by id',
    ),
    db.query<Omit<AttributeMeta, 'options'>>(
      `select attribute_id, attribute_code, frontend_label, frontend_input, is_filterable, is_comparable,
              is_visible_on_front, is_user_defined, is_visible, position
         from attributes order by position, attribute_id`,
    ),
    db.query<AttributeOption & { attribute_id: number }>(
      'select attribute_id, value, label, swatch, sort_order from attribute_options order by attribute_id, sort_order, value',
    ),
    db.query<{ id: number; tax_class_id: number }>('select id, tax_class_id from customer_groups'),
    db.query<{ code: string; store_id: number }>('select code, store_id from store_views'),
  ]);
  const taxRules: TaxRule[] = rules.rows.map((r) => ({
    id: r.id,
    product_tax_class_ids: r.product_tax_class_ids,
    customer_tax_class_ids: r.customer_tax_class_ids,
    rates: rates.rows
      .filter((rate) => rate.tax_rule_id === r.id)
      .map((rate) => ({
        rate: Number(rate.rate),
        tax_country_id: rate.tax_country_id,
        region_name: rate.region_name,
        tax_region_id: rate.tax_region_id,
      })),
  }));
  const byId = new Map<number, AttributeMeta>();
  const attributeMap = new Map<string, AttributeMeta>();
  for (const a of attributes.rows) {
    const meta: AttributeMeta = { ...a, options: [] };
    byId.set(a.attribute_id, meta);
    attributeMap.set(a.attribute_code, meta);
  }
  for (const o of options.rows) {
    byId
      .get(o.attribute_id)
      ?.options.push({ value: o.value, label: o.label, swatch: o.swatch, sort_order: o.sort_order });
  }
  return {
    taxRules,
    attributes: attributeMap,
    customerGroups: new Map(groups.rows.map((g) => [g.id, { id: g.id, taxClassId: g.tax_class_id }])),
    storeIds: new Map(stores.rows.map((s) => [s.store_id, s.code])),
    loadedAt: Date.now(),
  };
}
