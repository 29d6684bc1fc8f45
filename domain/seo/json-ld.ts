import type { Cents } from '../money.ts';

/**
 * schema.org structured data as JSON-LD objects (https://schema.org, Google's "Product", "BreadcrumbList",
 * "Organization" and "Store" rich results). Pure: every URL passed in is already absolute.
 */
export type JsonLd = Record<string, unknown> & { '@context': 'https://schema.org'; '@type': string };

/** schema.org's price: a decimal with a dot, from cents (4995 → '49.95'). */
export function schemaPrice(cents: Cents): string {
  return (Math.round(cents) / 100).toFixed(2);
}

export interface ProductLdInput {
  name: string;
  sku: string;
  url: string;
  description?: string;
  brand?: string;
  /** Absolute image URLs, the main image first. */
  images: string[];
  priceCents: Cents;
  currency: string;
  inStock: boolean;
}

export function productJsonLd(p: ProductLdInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    'name': p.name,
    'sku': p.sku,
    'url': p.url,
    ...(p.description ? { description: p.description } : {}),
    ...(p.brand ? { brand: { '@type': 'Brand', 'name': p.brand } } : {}),
    'image': p.images,
    'offers': {
      '@type': 'Offer',
      'url': p.url,
      'price': schemaPrice(p.priceCents),
      'priceCurrency': p.currency,
      'availability': p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      'itemCondition': 'https://schema.org/NewCondition',
    },
  };
}

export interface Crumb {
  name: string;
  url: string;
}

export function breadcrumbJsonLd(crumbs: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    'itemListElement': crumbs.map((c, i) => ({
      '@type': 'ListItem',
      'position': i + 1,
      'name': c.name,
      'item': c.url,
    })),
  };
}

export interface OrganizationLdInput {
  name: string;
  url: string;
  logo: string;
}

export function organizationJsonLd(o: OrganizationLdInput): JsonLd {
  return { '@context': 'https://schema.org', '@type': 'Organization', 'name': o.name, 'url': o.url, 'logo': o.logo };
}

export interface StoreLdInput {
  name: string;
  url: string;
  street: string;
  houseNumber: string;
  postcode: string;
  city: string;
  countryId: string;
  phone?: string | null;
  email?: string | null;
  lat: number;
  lng: number;
  /** Dutch day names as the store locator keeps them ('maandag'), times 'HH:mm'; null on a closed day. */
  openingHours: Array<{ day: string; open: string | null; close: string | null }>;
  organization: OrganizationLdInput;
}

const DAYS: Record<string, string> = {
  maandag: 'Monday',
  dinsdag: 'Tuesday',
  woensdag: 'Wednesday',
  donderdag: 'Thursday',
  vrijdag: 'Friday',
  zaterdag: 'Saturday',
  zondag: 'Sunday',
};

export function storeJsonLd(s: StoreLdInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    'name': s.name,
    'url': s.url,
    'address': {
      '@type': 'PostalAddress',
      'streetAddress': `${s.street} ${s.houseNumber}`,
      'postalCode': s.postcode,
      'addressLocality': s.city,
      'addressCountry': s.countryId,
    },
    'geo': { '@type': 'GeoCoordinates', 'latitude': s.lat, 'longitude': s.lng },
    ...(s.phone ? { telephone: s.phone } : {}),
    ...(s.email ? { email: s.email } : {}),
    'openingHoursSpecification': s.openingHours
      .filter((h) => DAYS[h.day.toLowerCase()] && h.open && h.close)
      .map((h) => ({
        '@type': 'OpeningHoursSpecification',
        'dayOfWeek': `https://schema.org/${DAYS[h.day.toLowerCase()]}`,
        'opens': h.open,
        'closes': h.close,
      })),
    'parentOrganization': { '@type': 'Organization', 'name': s.organization.name, 'url': s.organization.url },
  };
}
