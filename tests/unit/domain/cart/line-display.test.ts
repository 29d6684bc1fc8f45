import { describe, expect, it } from 'vitest';
import {
  cartLineDisplay,
  lineVariantText,
  variantText,
  type DisplayProduct,
} from '../../../../domain/cart/line-display.ts';

const shirt: DisplayProduct = {
  sku: 'OFM-10001',
  name: 'Regular fit overhemd',
  type_id: 'configurable',
  image: '/overhemd-navy.webp',
  url_path: 'heren-overhemden/regular-fit-overhemd-navy-10001',
  color_label: 'Navy',
  price_incl_tax: 59.95,
  special_price_incl_tax: 49.95,
  configurable_options: [
    { attribute_id: 93, attribute_code: 'color', values: [{ value_index: 12, label: 'Navy' }] },
    {
      attribute_id: 142,
      attribute_code: 'size',
      values: [
        { value_index: 7, label: 'M' },
        { value_index: 8, label: 'L' },
      ],
    },
  ],
  configurable_children: [
    {
      sku: 'OFM-10001-NAVY-M',
      color: 12,
      size: 7,
      color_label: 'Navy',
      size_label: 'M',
      price_incl_tax: 59.95,
      special_price_incl_tax: 49.95,
    },
    { sku: 'OFM-10001-NAVY-L', color: 12, size: 8 },
  ],
};

describe('cart line display value (spec 001 §3 "Cart edit mode": option mapping for size and color)', () => {
  it('a configurable child shows the parent product with the chosen colour and size', () => {
    expect(cartLineDisplay(shirt, { sku: 'OFM-10001-NAVY-M' })).toEqual({
      name: 'Regular fit overhemd',
      image: '/overhemd-navy.webp',
      url_path: 'heren-overhemden/regular-fit-overhemd-navy-10001',
      parentSku: 'OFM-10001',
      type_id: 'configurable',
      colour_label: 'Navy',
      size_label: 'M',
      size_system: 'size_uk',
      size_text: 'M',
      price_incl_tax: 49.95,
      original_price_incl_tax: 59.95,
    });
  });

  it('the size reads in the system chosen on the product page, with the EU size beside it, on the line and its text', () => {
    const sized: DisplayProduct = {
      ...shirt,
      size_conversion: { M: { eu: '50', uk: '40', cm: '100' }, L: { eu: '52', uk: '42', cm: '106' } },
    };
    const uk = cartLineDisplay(sized, { sku: 'OFM-10001-NAVY-M' });
    expect(uk).toMatchObject({ size_label: 'M', size_system: 'size_uk', size_text: 'UK 40 (EU 50)' });
    expect(lineVariantText(uk)).toBe('Navy · UK 40 (EU 50)');
    const cm = cartLineDisplay(sized, { sku: 'OFM-10001-NAVY-L', size_system: 'size_cm' });
    expect(lineVariantText(cm)).toBe('Navy · CM 106 (EU 52)');
    // a line stored before the size text existed still reads its label
    expect(lineVariantText({ colour_label: 'Navy', size_label: 'L' })).toBe('Navy · L');
  });

  it("a child without its own labels takes them from the parent's configurable option values", () => {
    const display = cartLineDisplay(shirt, { sku: 'OFM-10001-NAVY-L' });
    expect([display.colour_label, display.size_label]).toEqual(['Navy', 'L']);
  });

  it('a line the server brought is matched to its child by the configurable_item_options it carries', () => {
    const product_option = {
      extension_attributes: {
        configurable_item_options: [
          { option_id: '93', option_value: '12' },
          { option_id: '142', option_value: '8' },
        ],
      },
    };
    expect(lineVariantText(cartLineDisplay(shirt, { sku: 'OFM-10001', product_option }))).toBe('Navy · L');
  });

  it('a simple product shows its colour and no size; without a variant there is no parentSku', () => {
    const belt: DisplayProduct = {
      sku: 'OFM-20001',
      name: 'Riem',
      type_id: 'simple',
      color_label: 'Cognac',
      price_incl_tax: 29.95,
    };
    expect(cartLineDisplay(belt)).toEqual({
      name: 'Riem',
      type_id: 'simple',
      colour_label: 'Cognac',
      price_incl_tax: 29.95,
      original_price_incl_tax: 29.95,
    });
  });

  it('the variant reads colour, then size, joined by a middle dot; missing parts are left out', () => {
    expect(lineVariantText({ colour_label: 'Navy', size_label: 'M' })).toBe('Navy · M');
    expect(lineVariantText({ size_label: 'W32L34' })).toBe('W32L34');
    expect(lineVariantText(undefined)).toBe('');
    expect(variantText(['Zwart', '', null, '43'])).toBe('Zwart · 43');
  });
});
