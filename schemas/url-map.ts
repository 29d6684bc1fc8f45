import { documentSchema, epochMs, indexedString } from './document-schema.ts';

/** A resolved route (spec 000 §2): the real route name and its params. */
export interface MappedRoute {
  name: string;
  params: Record<string, string>;
  /** Set when the URL is an old/child URL that must redirect (301) to another path. */
  redirect?: string;
}

/** The URL dispatcher's local cache: a url path → the route it resolved to. Cleared on a storage quota error. */
export interface UrlMapDoc {
  url: string;
  type: 'product' | 'category' | 'cms_page' | 'route';
  route: MappedRoute;
  cached_at: number;
}

export const urlMapSchema = documentSchema<UrlMapDoc>({
  title: 'url_map',
  version: 0,
  primaryKey: 'url',
  properties: {
    url: indexedString(1024),
    type: { type: 'string' },
    route: { type: 'object' },
    cached_at: epochMs,
  },
  required: ['url', 'type', 'route', 'cached_at'],
});

export const urlMapMigrationStrategies = {};
