import type { MappedRoute } from '../../schemas/index.ts';
import type { Product } from '../../contract/catalog.ts';
import type { WorkerConfig } from '../config.ts';
import { lastSegment, urlPathOf } from '../../domain/url-path.ts';
import { productRoute } from './route-from-source.ts';

export const NO_ROUTE_FOUND = 'No route found';

/** Where the fallback looks things up; the HTTP implementations are in fallback-lookups.ts. */
export interface FallbackLookups {
  productByUrlKey(urlKey: string): Promise<Product | null>;
  /** A search-provider landing page for this url path exists and is accepted (spec 001 §5). */
  landingPage(urlPath: string): Promise<boolean>;
  storeLocation(slug: string): Promise<boolean>;
  /** A content story with this full slug exists (published). */
  story(fullSlug: string): Promise<boolean>;
}

/**
 * Content story slug: the path, 'home' for an empty path, prefixed with the store code when multistore applies and
 * the store is not the default one (spec 000 §2, spec 001 §2).
 */
export function storySlug(
  path: string,
  config: Pick<WorkerConfig, 'storeCode' | 'urlDispatcher'>,
): { prefixed: string; plain: string } {
  const plain = urlPathOf(path) || 'home';
  const prefix = config.urlDispatcher.multistore && config.storeCode !== 'nl' ? `${config.storeCode}/` : '';
  return { prefixed: `${prefix}${plain}`, plain };
}

const STORE_PATH = /^\/?winkels\/([^/]+)\/?$/;

/**
 * Spec 000 §2 "Fallback for an unknown path tries in order": a product by url_path (last segment), a search-provider
 * landing page, a store-locator entry `/winkels/{slug}`, a content story. A content-page flag forces the content
 * route. Nothing found: the error 'No route found'.
 */
export async function fallbackRoute(
  path: string,
  lookups: FallbackLookups,
  config: Pick<WorkerConfig, 'storeCode' | 'urlDispatcher'>,
  flags: { cmsPage?: boolean } = {},
): Promise<MappedRoute> {
  const urlPath = urlPathOf(path);
  const story = storySlug(path, config);
  const storyRoute = async (): Promise<MappedRoute | null> => {
    if (await lookups.story(story.prefixed)) return { name: 'storyblok', params: { slug: story.prefixed } };
    // Not found under the prefixed slug: retried without the prefix (spec 001 §2 "Content pages").
    if (story.prefixed !== story.plain && (await lookups.story(story.plain)))
      return { name: 'storyblok', params: { slug: story.plain } };
    return null;
  };

  if (flags.cmsPage) {
    const route = await storyRoute();
    if (route) return route;
    throw new Error(NO_ROUTE_FOUND);
  }

  if (urlPath) {
    const segment = lastSegment(path);
    const urlKey = config.urlDispatcher.trailingSlash ? `${segment}/` : segment;
    const product = await lookups.productByUrlKey(urlKey);
    if (product) return productRoute(product);

    if (await lookups.landingPage(urlPath)) return { name: 'elevate-landing-page', params: { url_path: urlPath } };

    const store = STORE_PATH.exec(urlPath);
    if (store && (await lookups.storeLocation(store[1])))
      return { name: 'storelocator-entry', params: { slug: store[1] } };
  }

  const route = await storyRoute();
  if (route) return route;
  throw new Error(NO_ROUTE_FOUND);
}
