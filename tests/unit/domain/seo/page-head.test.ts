import { describe, expect, it } from 'vitest';
import {
  categoryHead,
  DESCRIPTION_MAX,
  homeHead,
  missingHead,
  plainDescription,
  productHead,
  storeHead,
  type PageContext,
} from '../../../../domain/seo/page-head.ts';
import { renderHead } from '../../../../domain/seo/render-head.ts';
import { alternatesOf, pageUrl } from '../../../../domain/seo/site.ts';

const ORIGIN = 'https://www.ofm-shop.nl';
const BE_ORIGIN = 'https://www.ofm-shop.be';
const nl: PageContext = { origin: ORIGIN, store: 'nl', urlPath: 'heren/overhemden/slim-fit-wit' };

const PRODUCT = {
  name: 'Slim fit overhemd wit',
  sku: 'OFM-100',
  description: '<p>Een <b>wit</b> overhemd.</p>',
  brand: 'Eton',
  images: [`${ORIGIN}/img/600/s/shirt-white.webp`, `${ORIGIN}/img/600/s/shirt-white-detail.webp`],
  priceCents: 8995,
  currency: 'EUR',
  inStock: true,
  categories: [
    { name: 'Heren', urlPath: 'heren' },
    { name: 'Overhemden', urlPath: 'heren/overhemden' },
  ],
};

/** The JSON-LD as a crawler reads it: parsed back out of the rendered head. */
function parsedJsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

describe('store URLs (the same path on each store host, domain/store-view.ts)', () => {
  it('builds absolute URLs per store on its own host; a host naming no store has one URL for both', () => {
    expect(pageUrl(ORIGIN, 'be', 'heren')).toBe(`${BE_ORIGIN}/heren`);
    expect(pageUrl(BE_ORIGIN, 'nl', '/heren/pak')).toBe(`${ORIGIN}/heren/pak`);
    expect(pageUrl(ORIGIN, 'nl', '')).toBe(`${ORIGIN}/`);
    expect(pageUrl('http://127.0.0.1:3000', 'be', 'heren')).toBe('http://127.0.0.1:3000/heren');
  });

  it('hreflang alternates name nl-NL, nl-BE and x-default (the NL store)', () => {
    expect(alternatesOf(ORIGIN, 'heren')).toEqual([
      { hreflang: 'nl-NL', href: `${ORIGIN}/heren` },
      { hreflang: 'nl-BE', href: `${BE_ORIGIN}/heren` },
      { hreflang: 'x-default', href: `${ORIGIN}/heren` },
    ]);
  });
});

describe('product head', () => {
  it('title, description without markup, canonical, Open Graph with the product image', () => {
    const head = productHead(nl, PRODUCT);
    expect(head.title).toBe('Slim fit overhemd wit | OFM Herenmode');
    expect(head.description).toBe('Een wit overhemd.');
    expect(head.canonical).toBe(`${ORIGIN}/heren/overhemden/slim-fit-wit`);
    expect(head.openGraph).toMatchObject({ 'og:type': 'product', 'og:image': PRODUCT.images[0], 'og:locale': 'nl_NL' });
    expect(head.robots).toBeUndefined();
  });

  it('JSON-LD Product with offers (price, currency, availability), sku, brand and image parses back', () => {
    const [product, crumbs] = parsedJsonLd(renderHead(productHead(nl, { ...PRODUCT, inStock: false })));
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      'name': PRODUCT.name,
      'sku': 'OFM-100',
      'brand': { '@type': 'Brand', 'name': 'Eton' },
      'image': PRODUCT.images,
      'offers': {
        '@type': 'Offer',
        'price': '89.95',
        'priceCurrency': 'EUR',
        'availability': 'https://schema.org/OutOfStock',
      },
    });
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(
      (crumbs.itemListElement as Array<{ position: number; name: string; item: string }>).map((c) => c.item),
    ).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/heren`,
      `${ORIGIN}/heren/overhemden`,
      `${ORIGIN}/heren/overhemden/slim-fit-wit`,
    ]);
  });

  it('the BE store view canonicalises to its own URL with the nl_BE locale', () => {
    const head = productHead({ ...nl, store: 'be' }, PRODUCT);
    expect(head.canonical).toBe(`${BE_ORIGIN}/heren/overhemden/slim-fit-wit`);
    expect(head.openGraph['og:locale']).toBe('nl_BE');
  });

  it('escapes text in tags and a </script> inside JSON-LD', () => {
    const html = renderHead(productHead(nl, { ...PRODUCT, name: 'Pak "Milano" </script><b>' }));
    expect(html).toContain('<title>Pak &quot;Milano&quot; &lt;/script&gt;&lt;b&gt; | OFM Herenmode</title>');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(parsedJsonLd(html)[0].name).toBe('Pak "Milano" </script><b>');
  });
});

describe('other pages', () => {
  it('a category has its breadcrumb trail and its meta title when set', () => {
    const head = categoryHead(
      { origin: ORIGIN, store: 'nl', urlPath: 'heren/overhemden' },
      { name: 'Overhemden', metaTitle: 'Overhemden voor heren', parents: [{ name: 'Heren', urlPath: 'heren' }] },
    );
    expect(head.title).toBe('Overhemden voor heren | OFM Herenmode');
    const [crumbs] = parsedJsonLd(renderHead(head));
    expect((crumbs.itemListElement as unknown[]).length).toBe(3);
  });

  it('a store page has a Store with address, geo and the open days only, and the Organization', () => {
    const head = storeHead(
      { origin: ORIGIN, store: 'nl', urlPath: 'winkels/utrecht' },
      {
        name: 'OFM Utrecht',
        street: 'Oudegracht',
        houseNumber: '10',
        postcode: '3511 AB',
        city: 'Utrecht',
        countryId: 'NL',
        phone: '030 123 4567',
        lat: 52.09,
        lng: 5.12,
        openingHours: [
          { day: 'maandag', open: '13:00', close: '18:00' },
          { day: 'zondag', open: null, close: null },
        ],
      },
    );
    const [store, org] = parsedJsonLd(renderHead(head));
    expect(store).toMatchObject({
      '@type': 'Store',
      'name': 'OFM Utrecht',
      'url': `${ORIGIN}/winkels/utrecht`,
      'address': { '@type': 'PostalAddress', 'streetAddress': 'Oudegracht 10', 'postalCode': '3511 AB' },
      'geo': { latitude: 52.09, longitude: 5.12 },
      'telephone': '030 123 4567',
    });
    expect(store.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        'dayOfWeek': 'https://schema.org/Monday',
        'opens': '13:00',
        'closes': '18:00',
      },
    ]);
    expect(org).toMatchObject({ '@type': 'Organization', 'name': 'OFM Herenmode', 'url': `${ORIGIN}/` });
  });

  it('home names the Organization; a missing page is noindex without canonical', () => {
    expect(parsedJsonLd(renderHead(homeHead({ origin: ORIGIN, store: 'nl', urlPath: '' })))[0]['@type']).toBe(
      'Organization',
    );
    const missing = renderHead(missingHead('Pagina niet gevonden'));
    expect(missing).toContain('<meta name="robots" content="noindex">');
    expect(missing).not.toContain('canonical');
  });

  it('a long description is cut on a word to the length result pages show', () => {
    const text = plainDescription('woord '.repeat(80));
    expect(text.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(text.endsWith('woord…')).toBe(true);
    expect(plainDescription('   ')).toContain('herenmode online');
  });
});

describe('page titles carry the shop name once', () => {
  it('a title ending in the short name "| OFM" (seeded CMS and category titles) gets the shop name once', async () => {
    const { pageTitle } = await import('../../../../domain/seo/page-head.ts');
    expect(pageTitle('Over ons | OFM')).toBe('Over ons | OFM Herenmode');
    expect(pageTitle('Overhemden voor heren | OFM')).toBe('Overhemden voor heren | OFM Herenmode');
    expect(pageTitle('Winkelwagen')).toBe('Winkelwagen | OFM Herenmode');
    expect(pageTitle('OFM Herenmode')).toBe('OFM Herenmode');
  });
});
