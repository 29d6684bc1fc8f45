import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../contract/catalog.ts';
import { defaultConfig } from '../../../../worker/config.ts';
import { needsDispatch } from '../../../../worker/routing/eligibility.ts';
import { fallbackRoute, NO_ROUTE_FOUND, storySlug, type FallbackLookups } from '../../../../worker/routing/fallback.ts';
import { TwoStageSwitch } from '../../../../worker/catalog/two-stage.ts';
import { catalogProduct } from '../support/product.ts';

/** In-memory catalogue/content for the fallback's lookups: the rule under test is the order, not the transport. */
function lookups(data: { products?: Product[]; landing?: string[]; stores?: string[]; stories?: string[] }) {
  const calls: string[] = [];
  const impl: FallbackLookups = {
    async productByUrlKey(urlKey) {
      calls.push(`product:${urlKey}`);
      return data.products?.find((p) => p.url_key === urlKey) ?? null;
    },
    async landingPage(urlPath) {
      calls.push(`landing:${urlPath}`);
      return data.landing?.includes(urlPath) ?? false;
    },
    async storeLocation(slug) {
      calls.push(`store:${slug}`);
      return data.stores?.includes(slug) ?? false;
    },
    async story(slug) {
      calls.push(`story:${slug}`);
      return data.stories?.includes(slug) ?? false;
    },
  };
  return { impl, calls };
}

const nl = defaultConfig('nl');
const be = defaultConfig('be');

describe('spec 000 §2 dispatcher eligibility', () => {
  it('maps an unmatched route, the page-not-found route and a dispatcher route without params', () => {
    expect(needsDispatch(undefined)).toBe(true);
    expect(needsDispatch({})).toBe(true);
    expect(needsDispatch({ name: 'page-not-found', params: { slug: 'x' } })).toBe(true);
    expect(needsDispatch({ name: 'url-dispatcher', dispatcher: true, params: {} })).toBe(true);
  });

  it('keeps a matched route with params, and a normal route', () => {
    expect(needsDispatch({ name: 'url-dispatcher', dispatcher: true, params: { url_path: 'x' } })).toBe(false);
    expect(needsDispatch({ name: 'cart', params: {} })).toBe(false);
  });
});

describe('spec 000 §2 fallback for an unknown path tries in order', () => {
  const product = catalogProduct('SH-1-M', {
    id: 7,
    parentSku: 'SH-1',
    name: 'Overhemd',
    visibility: 1,
    url_key: 'slim-fit-overhemd-navy-10001-m',
    slug: 'slim-fit-overhemd-navy-10001-m',
  });

  it('1. a product by url_path (last segment) gives {type_id}-product with slug, parentSku, childSku', async () => {
    const { impl, calls } = lookups({
      products: [
        {
          ...product,
          parentSku: undefined,
          sku: 'SH-1',
          type_id: 'configurable',
          visibility: 4,
          url_key: 'overhemd-1',
          slug: 'overhemd-1',
        },
      ],
    });
    const route = await fallbackRoute('/heren/overhemden/overhemd-1', impl, nl);
    expect(route).toEqual({
      name: 'configurable-product',
      params: { slug: 'overhemd-1', parentSku: 'SH-1', childSku: 'SH-1' },
    });
    expect(calls).toEqual(['product:overhemd-1']);
  });

  it('1. a configurable child found by url key routes to its parent with the child sku', async () => {
    const { impl } = lookups({ products: [product] });
    const route = await fallbackRoute('/x/slim-fit-overhemd-navy-10001-m/', impl, nl);
    expect(route.name).toBe('configurable-product');
    expect(route.params).toMatchObject({ parentSku: 'SH-1', childSku: 'SH-1-M' });
  });

  it('1. the trailing slash is added to the url key when configured', async () => {
    const { impl, calls } = lookups({});
    await fallbackRoute('/a/b', impl, { ...nl, urlDispatcher: { ...nl.urlDispatcher, trailingSlash: true } }).catch(
      () => undefined,
    );
    expect(calls[0]).toBe('product:b/');
  });

  it('2. a search-provider landing page gives elevate-landing-page with url_path', async () => {
    const { impl, calls } = lookups({ landing: ['l/elevate/zomer'] });
    expect(await fallbackRoute('/l/elevate/zomer/', impl, nl)).toEqual({
      name: 'elevate-landing-page',
      params: { url_path: 'l/elevate/zomer' },
    });
    expect(calls).toEqual(['product:zomer', 'landing:l/elevate/zomer']);
  });

  it('3. /winkels/{slug} matching a location gives storelocator-entry with slug', async () => {
    const { impl, calls } = lookups({ stores: ['amsterdam-kalverstraat'] });
    expect(await fallbackRoute('/winkels/amsterdam-kalverstraat', impl, nl)).toEqual({
      name: 'storelocator-entry',
      params: { slug: 'amsterdam-kalverstraat' },
    });
    expect(calls).toEqual([
      'product:amsterdam-kalverstraat',
      'landing:winkels/amsterdam-kalverstraat',
      'store:amsterdam-kalverstraat',
    ]);
  });

  it('3. a path that is not /winkels/{slug} never asks the store locator', async () => {
    const { impl, calls } = lookups({ stories: ['over-ons/winkels'] });
    await fallbackRoute('/over-ons/winkels', impl, nl);
    expect(calls.some((c) => c.startsWith('store:'))).toBe(false);
  });

  it('4. a content story gives storyblok; empty path is home; the BE store prefixes be/', async () => {
    expect(await fallbackRoute('/over-ons', lookups({ stories: ['over-ons'] }).impl, nl)).toEqual({
      name: 'storyblok',
      params: { slug: 'over-ons' },
    });
    expect(await fallbackRoute('/', lookups({ stories: ['home'] }).impl, nl)).toEqual({
      name: 'storyblok',
      params: { slug: 'home' },
    });
    expect(await fallbackRoute('/', lookups({ stories: ['be/home'] }).impl, be)).toEqual({
      name: 'storyblok',
      params: { slug: 'be/home' },
    });
    expect(storySlug('', be)).toEqual({ prefixed: 'be/home', plain: 'home' });
  });

  it('4. a story missing under the store prefix is retried without it', async () => {
    const { impl, calls } = lookups({ stories: ['over-ons'] });
    expect(await fallbackRoute('/over-ons', impl, be)).toEqual({ name: 'storyblok', params: { slug: 'over-ons' } });
    expect(calls.slice(-2)).toEqual(['story:be/over-ons', 'story:over-ons']);
  });

  it('the content-page flag forces the content route, skipping the other steps', async () => {
    const { impl, calls } = lookups({ products: [{ ...product, url_key: 'over-ons' }], stories: ['over-ons'] });
    expect(await fallbackRoute('/over-ons', impl, nl, { cmsPage: true })).toEqual({
      name: 'storyblok',
      params: { slug: 'over-ons' },
    });
    expect(calls).toEqual(['story:over-ons']);
  });

  it("nothing matching raises 'No route found'", async () => {
    await expect(fallbackRoute('/bestaat/niet', lookups({}).impl, nl)).rejects.toThrow(NO_ROUTE_FOUND);
    expect(NO_ROUTE_FOUND).toBe('No route found');
  });
});

describe('spec 000 §4 category two-stage caching switch', () => {
  it('is switched off at runtime when the first stage is slower than the second', () => {
    const s = new TwoStageSwitch(true);
    s.record(10, 40);
    expect(s.enabled).toBe(true);
    s.record(50, 40);
    expect(s.enabled).toBe(false);
    s.record(1, 40);
    expect(s.enabled).toBe(false);
  });
});
