import { documentSchema, epochMs, indexedString } from './document-schema.ts';

/** Generic TTL cache (CMS stories, attributes, tax rules, search pages, stock): one collection for all of them. */
export interface CacheDoc<T = unknown> {
  key: string;
  value: T;
  /** ms since epoch; an expired entry is used only as an offline fallback. */
  expires_at: number;
  cached_at: number;
}

export const cacheSchema = documentSchema<CacheDoc>({
  title: 'cache',
  version: 0,
  primaryKey: 'key',
  properties: {
    key: indexedString(1024),
    value: {},
    expires_at: epochMs,
    cached_at: { type: 'number' },
  },
  required: ['key', 'expires_at', 'cached_at'],
  indexes: ['expires_at'],
});

export const cacheMigrationStrategies = {};
