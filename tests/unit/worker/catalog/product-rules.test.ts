import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../contract/catalog.ts';
import { ProductUnavailableError } from '../../../../worker/catalog/messages.ts';
import { associatedSkus, checkLoadable } from '../../../../worker/catalog/product-rules.ts';
import { applyVariantRules, findConfigurableChild } from '../../../../domain/catalog/configurable-child.ts';
import { colorRelationSkus, sortColorRelations } from '../../../../domain/catalog/color-relations.ts';
import { catalogProduct } from '../support/product.ts';

const child = (sku: string, color: string, size: string, extra: Partial<Product> = {}) => ({
  id: Number(sku.replace(/\D/g, '')) || 1,
  sku,
  color,
  size,
  status: 1,
  stock: { is_in_stock: true, qty: 5 },
  ...extra,
});

function configurable(children: ReturnType<typeof child>[]): Product {
  return catalogProduct('SUIT-1', {
    id: 100,
    name: 'Pak',
    type_id: 'configurable',
    configurable_options: [
      { attribute_id: 93, attribute_code: 'color', label: 'Kleur', values: [] },
      { attribute_id: 144, attribute_code: 'size', label: 'Maat', values: [] },
    ],
    configurable_children: children,
  });
}

describe('spec 000 §4 product loading', () => {
  it('status 2 or higher fails', () => {
    expect(() => checkLoadable({ ...configurable([]), status: 2 }, true)).toThrow(ProductUnavailableError);
    expect(() => checkLoadable({ ...configurable([]), status: 3 }, true)).toThrow(ProductUnavailableError);
    expect(checkLoadable({ ...configurable([]), status: 1 }, true)).toBe('ok');
  });

  it('visibility 1 fails when direct access to configurable children is disallowed', () => {
    expect(() => checkLoadable({ ...configurable([]), visibility: 1 }, false)).toThrow(ProductUnavailableError);
  });

  it('visibility 1 loads the parent instead when direct child access is allowed', () => {
    expect(checkLoadable({ ...configurable([]), visibility: 1 }, true)).toBe('load-parent');
  });

  it('out-of-stock children and children with status 2 or higher are removed', () => {
    const product = applyVariantRules(
      configurable([
        child('C1', '49', '50'),
        child('C2', '49', '52', { stock: { is_in_stock: false, qty: 0 } }),
        child('C3', '50', '50', { status: 2 }),
      ]),
    );
    expect(product.configurable_children!.map((c) => c.sku)).toEqual(['C1']);
    expect(product.errors?.variants).toBeUndefined();
  });

  it("a configurable with no available child gets errors.variants 'No available product variants'", () => {
    const product = applyVariantRules(
      configurable([child('C2', '49', '52', { stock: { is_in_stock: false, qty: 0 } })]),
    );
    expect(product.configurable_children).toEqual([]);
    expect(product.errors?.variants).toBe('No available product variants');
  });

  it('grouped products use only associated simple links', () => {
    const grouped = catalogProduct('SET', {
      type_id: 'grouped',
      product_links: [
        { link_type: 'associated', linked_product_sku: 'B', position: 2 },
        { link_type: 'colorrelation', linked_product_sku: 'X' },
        { link_type: 'associated', linked_product_sku: 'A', position: 1 },
        { link_type: 'associated', linked_product_sku: 'CONF', linked_product_type: 'configurable', position: 3 },
        { link_type: 'related', linked_product_sku: 'R' },
      ],
    });
    expect(associatedSkus(grouped)).toEqual(['A', 'B']);
    expect(associatedSkus({ ...grouped, type_id: 'simple' })).toEqual([]);
  });
});

describe('spec 000 §4 configurable product: choosing options finds the matching child', () => {
  const product = configurable([
    child('C1', '49', '50'),
    child('C2', '49', '52'),
    child('C3', '50', '52', { stock: { is_in_stock: false, qty: 0 } }),
  ]);

  it('finds the child matching every chosen option', () => {
    expect(findConfigurableChild(product, { color: '49', size: '52' })?.sku).toBe('C2');
  });

  it('finds nothing for a combination that does not exist or is out of stock', () => {
    expect(findConfigurableChild(product, { color: '50', size: '50' })).toBeNull();
    expect(findConfigurableChild(product, { color: '50', size: '52' })).toBeNull();
  });
});

describe('spec 001 §3 colour relations', () => {
  it('uses colorrelation links, keeps in-stock products, sorts by color then subcolor, at most 20', () => {
    const product = catalogProduct('A', {
      type_id: 'configurable',
      product_links: [
        { link_type: 'colorrelation', linked_product_sku: 'B' },
        { link_type: 'associated', linked_product_sku: 'Z' },
      ],
    });
    expect(colorRelationSkus(product)).toEqual(['B']);
    const related = Array.from({ length: 25 }, (_, i) =>
      catalogProduct(`R${i}`, {
        id: i,
        type_id: 'configurable',
        color: String(60 - (i % 5)),
        subcolor: String(i),
        stock: { is_in_stock: i !== 3, qty: 1 },
      }),
    );
    const sorted = sortColorRelations(related, 20);
    expect(sorted).toHaveLength(20);
    expect(sorted.some((p) => p.sku === 'R3')).toBe(false);
    for (let i = 1; i < sorted.length; i++) {
      const a = sorted[i - 1],
        b = sorted[i];
      expect(
        String(a.color).localeCompare(String(b.color)) || String(a.subcolor).localeCompare(String(b.subcolor)),
      ).toBeLessThanOrEqual(0);
    }
  });
});
