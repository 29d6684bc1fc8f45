import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../../../domain/catalog/listing-query.ts';
import { LANDING_PAGE_SIZE } from '../../../../domain/search-provider/landing-page.ts';
import {
  accountEvent,
  addPaymentInfo,
  addShippingInfo,
  cartEvent,
  ANALYTICS_PAGE_SIZE,
  clickPosition,
  ga4Item,
  pageView,
  purchase,
  selectItem,
  viewItemList,
} from '../../../../domain/analytics/ga4.ts';

const shirt = { sku: 'OFM-1001-M', name: 'Overhemd Oxford', priceCents: 4995, qty: 2, variant: 'Navy · M' };
const tie = { sku: 'OFM-2002', name: 'Stropdas zijde', priceCents: 2950 };

describe('click position (spec 001 §5 "12*(n-1)+position on page n>1, 12 per page")', () => {
  it('is the position itself on page 1', () => {
    expect(clickPosition(1, 1)).toBe(1);
    expect(clickPosition(1, 12)).toBe(12);
  });

  it('counts 12 per earlier page on page n > 1', () => {
    expect(clickPosition(2, 1)).toBe(13);
    expect(clickPosition(3, 5)).toBe(29);
  });

  it("docs/analytics.md's deviation names the page sizes the code holds (listings of 50, not 24)", () => {
    const doc = readFileSync(new URL('../../../../docs/analytics.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(doc).toContain(`the spec's ${ANALYTICS_PAGE_SIZE} per page (\`ANALYTICS_PAGE_SIZE\``);
    expect(doc).toContain(`category and search listings hold ${PAGE_SIZE} a page (\`PAGE_SIZE\``);
    expect(doc).toContain(`landing pages ${LANDING_PAGE_SIZE} (\`LANDING_PAGE_SIZE\`)`);
  });

  it('treats a page below 1 as page 1', () => {
    expect(clickPosition(0, 4)).toBe(4);
  });
});

describe('GA4 items and events', () => {
  it('an item: sku as item_id, euros from cents, quantity and the "Navy · M" variant', () => {
    expect(ga4Item(shirt)).toEqual({
      item_id: 'OFM-1001-M',
      item_name: 'Overhemd Oxford',
      price: 49.95,
      quantity: 2,
      item_variant: 'Navy · M',
    });
    expect(ga4Item({ sku: 'X', name: 'Zonder prijs', priceCents: null })).toEqual({
      item_id: 'X',
      item_name: 'Zonder prijs',
      quantity: 1,
    });
  });

  it('view_item_list numbers the tiles of page 2 from 13', () => {
    const event = viewItemList('Overhemden', 2, [shirt, tie]);
    expect(event.event).toBe('view_item_list');
    const items = event.ecommerce!.items as { index: number; item_list_name: string }[];
    expect(items.map((i) => i.index)).toEqual([13, 14]);
    expect(items.every((i) => i.item_list_name === 'Overhemden')).toBe(true);
  });

  it('select_item carries the tapped tile with its click position', () => {
    const event = selectItem('search', 3, 2, tie);
    expect(event).toMatchObject({
      event: 'select_item',
      ecommerce: { item_list_name: 'search', items: [{ item_id: 'OFM-2002', index: 26, price: 29.5 }] },
    });
  });

  it('cart events carry the value of price × quantity in euros', () => {
    expect(cartEvent('add_to_cart', [shirt, tie]).ecommerce).toMatchObject({ currency: 'EUR', value: 129.4 });
    expect(addShippingInfo([tie], 'Thuisbezorgd').ecommerce).toMatchObject({
      shipping_tier: 'Thuisbezorgd',
      value: 29.5,
    });
    expect(addPaymentInfo([tie], 'ideal').ecommerce).toMatchObject({ payment_type: 'ideal' });
  });

  it('purchase: the server number and the charged totals, not the items sum', () => {
    const event = purchase('000000042', { grandTotal: 13335, tax: 2314, shipping: 495 }, [shirt, tie]);
    expect(event.ecommerce).toMatchObject({
      transaction_id: '000000042',
      value: 133.35,
      tax: 23.14,
      shipping: 4.95,
      currency: 'EUR',
    });
  });

  it('login and sign_up need a username (spec 001 §5), and never carry it', () => {
    expect(accountEvent('login', '')).toBeNull();
    expect(accountEvent('login', '  ')).toBeNull();
    expect(accountEvent('sign_up', null)).toBeNull();
    const event = accountEvent('login', 'sanne@example.nl');
    expect(event).toEqual({ event: 'login', method: 'email' });
    expect(JSON.stringify(event)).not.toContain('sanne');
  });

  it('page_view names the spec page types of the page-type groups; other groups are Other', () => {
    expect(pageView('category', '/c/overhemden')).toEqual({
      event: 'page_view',
      page_type: 'ProductOverview',
      page_group: 'category',
      page_path: '/c/overhemden',
    });
    expect(pageView('search-panel', '/catalogsearch/result/').page_type).toBe('ProductOverview');
    expect(pageView('product', '/p/x/y').page_type).toBe('ProductDetail');
    expect(pageView('home', '/').page_type).toBe('Home');
    expect(pageView('cart', '/winkelwagen').page_type).toBe('Cart');
    expect(pageView('checkout', '/checkout').page_type).toBe('Checkout');
    expect(pageView('my-account', '/login').page_type).toBe('Other');
    expect(pageView(undefined, '/x')).toEqual({ event: 'page_view', page_type: 'Other', page_path: '/x' });
  });
});
