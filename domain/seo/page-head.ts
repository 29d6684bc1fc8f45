import type { Cents } from '../money.ts';
import {
  breadcrumbJsonLd,
  organizationJsonLd,
  productJsonLd,
  storeJsonLd,
  type Crumb,
  type JsonLd,
  type StoreLdInput,
} from './json-ld.ts';
import {
  alternatesOf,
  pageUrl,
  SEO_STORES,
  SHOP_DESCRIPTION,
  SHOP_NAME,
  type Alternate,
  type SeoStore,
} from './site.ts';

/** Everything a page puts in its `<head>` for search engines and link previews. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute; absent on pages that are not to be indexed (not found, gone). */
  canonical?: string;
  alternates: Alternate[];
  /** 'noindex' on pages that must stay out of the index. */
  robots?: string;
  openGraph: Record<string, string>;
  jsonLd: JsonLd[];
}

/** Meta descriptions are cut to what result pages show (≈ 160 characters), on a word, without markup. */
export const DESCRIPTION_MAX = 160;

export function plainDescription(text: string | null | undefined, fallback = SHOP_DESCRIPTION): string {
  const plain = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return fallback;
  if (plain.length <= DESCRIPTION_MAX) return plain;
  const cut = plain.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** The page title as the app's document titles spell it: 'Name | OFM Herenmode'. */
export function pageTitle(name: string): string {
  if (name.includes(SHOP_NAME)) return name;
  // a CMS or catalogue title that already ends in the short name ("Over ons | OFM") gets the shop's name once
  return `${name.replace(/\s*\|\s*OFM\s*$/, '')} | ${SHOP_NAME}`;
}

export interface PageContext {
  /** 'https://shop.example', no trailing slash. */
  origin: string;
  store: SeoStore;
  /** The page's url_path in its store, without slashes ('' for home). */
  urlPath: string;
}

function indexable(
  ctx: PageContext,
  fields: { title: string; description: string; type: string; image?: string; jsonLd: JsonLd[] },
): PageHead {
  const canonical = pageUrl(ctx.origin, ctx.store, ctx.urlPath);
  return {
    title: fields.title,
    description: fields.description,
    canonical,
    alternates: alternatesOf(ctx.origin, ctx.urlPath),
    openGraph: {
      'og:type': fields.type,
      'og:site_name': SHOP_NAME,
      'og:locale': SEO_STORES[ctx.store].ogLocale,
      'og:title': fields.title,
      'og:description': fields.description,
      'og:url': canonical,
      ...(fields.image ? { 'og:image': fields.image } : {}),
    },
    jsonLd: fields.jsonLd,
  };
}

export function organization(origin: string) {
  return { name: SHOP_NAME, url: `${origin}/`, logo: `${origin}/icons/icon-512.png` };
}

/** Home, then the given trail, each an absolute URL in the page's store. */
function crumbs(ctx: PageContext, trail: Array<{ name: string; urlPath: string }>): Crumb[] {
  return [{ name: 'Home', urlPath: '' }, ...trail].map((c) => ({
    name: c.name,
    url: pageUrl(ctx.origin, ctx.store, c.urlPath),
  }));
}

export function homeHead(ctx: PageContext, story?: { title?: string; description?: string }): PageHead {
  return indexable(ctx, {
    title: story?.title ? pageTitle(story.title) : `${SHOP_NAME} | Herenmode online`,
    description: plainDescription(story?.description),
    type: 'website',
    jsonLd: [organizationJsonLd(organization(ctx.origin))],
  });
}

export interface ProductHeadInput {
  name: string;
  sku: string;
  metaTitle?: string | null;
  metaDescription?: string | null;
  description?: string | null;
  brand?: string | null;
  /** Absolute image URLs, the main image first (may be empty). */
  images: string[];
  priceCents: Cents;
  currency: string;
  inStock: boolean;
  /** The categories above the product, top first, as the breadcrumb shows them. */
  categories: Array<{ name: string; urlPath: string }>;
}

export function productHead(ctx: PageContext, p: ProductHeadInput): PageHead {
  const url = pageUrl(ctx.origin, ctx.store, ctx.urlPath);
  const description = plainDescription(p.metaDescription || p.description);
  return indexable(ctx, {
    title: pageTitle(p.metaTitle || p.name),
    description,
    type: 'product',
    image: p.images[0],
    jsonLd: [
      productJsonLd({
        name: p.name,
        sku: p.sku,
        url,
        description,
        brand: p.brand ?? undefined,
        images: p.images,
        priceCents: p.priceCents,
        currency: p.currency,
        inStock: p.inStock,
      }),
      breadcrumbJsonLd(crumbs(ctx, [...p.categories, { name: p.name, urlPath: ctx.urlPath }])),
    ],
  });
}

export interface CategoryHeadInput {
  name: string;
  metaTitle?: string | null;
  metaDescription?: string | null;
  description?: string | null;
  /** The categories above this one, top first. */
  parents: Array<{ name: string; urlPath: string }>;
}

export function categoryHead(ctx: PageContext, c: CategoryHeadInput): PageHead {
  return indexable(ctx, {
    title: pageTitle(c.metaTitle || c.name),
    description: plainDescription(c.metaDescription || c.description),
    type: 'website',
    jsonLd: [breadcrumbJsonLd(crumbs(ctx, [...c.parents, { name: c.name, urlPath: ctx.urlPath }]))],
  });
}

export function storeHead(ctx: PageContext, s: Omit<StoreLdInput, 'url' | 'organization'>): PageHead {
  const url = pageUrl(ctx.origin, ctx.store, ctx.urlPath);
  return indexable(ctx, {
    title: pageTitle(`${s.name}`),
    description: plainDescription(`${s.name}, ${s.street} ${s.houseNumber}, ${s.postcode} ${s.city}.`),
    type: 'website',
    jsonLd: [
      storeJsonLd({ ...s, url, organization: organization(ctx.origin) }),
      organizationJsonLd(organization(ctx.origin)),
    ],
  });
}

/** Content stories, search landing pages and the other indexable pages without structured data of their own. */
export function contentHead(ctx: PageContext, c: { title: string; description?: string | null }): PageHead {
  return indexable(ctx, {
    title: pageTitle(c.title),
    description: plainDescription(c.description),
    type: 'website',
    jsonLd: [],
  });
}

/** App pages that are per shopper or not worth indexing (cart, account, checkout, search): the shell's head. */
export function privateHead(): PageHead {
  return {
    title: SHOP_NAME,
    description: SHOP_DESCRIPTION,
    robots: 'noindex',
    alternates: [],
    openGraph: {},
    jsonLd: [],
  };
}

/** Not found and gone (404, 410): the not-found title, kept out of the index. */
export function missingHead(title: string): PageHead {
  return {
    title: pageTitle(title),
    description: SHOP_DESCRIPTION,
    robots: 'noindex',
    alternates: [],
    openGraph: {},
    jsonLd: [],
  };
}
