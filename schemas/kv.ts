import { documentSchema, indexedString } from './document-schema.ts';

/**
 * Singletons (docs/architecture.md: at most 13 collections per realm): cart state, user session, checkout details, nav_path,
 * the compare list, the recently viewed list.
 * Keys follow the spec's storage keys where it names them (spec 000 §9 "Storage keys").
 */
export interface KvDoc<T = unknown> {
  key: string;
  value: T;
  updated_at: number;
}

export const KV_KEYS = {
  cart: 'current-cart',
  user: 'current-user',
  personalDetails: 'personal-details',
  navPath: 'nav_path',
  /** The compare list's parent skus, in the order they were added (worker/compare/). */
  compare: 'compare',
  /** The search provider's session and customer uuids (worker/search-provider/identity.ts). */
  searchProvider: 'search-provider',
  /** A random id of this device for its outbox reports (worker/queue/outbox-report.ts); nothing else is in it. */
  deviceId: 'device-id',
  /** Which tab sends the queue, until when (worker/queue/queue-lease.ts). */
  queueLease: 'queue-lease',
  /** Orders the service worker placed while no tab was open, until a tab has told the shopper (worker/orders/checkout.ts). */
  sentInBackground: 'sent-in-background',
  /** The products this device showed on their page, most recent first, as tiles (worker/recently-viewed/). */
  recentlyViewed: 'recently-viewed',
  /** The e-mail of the last newsletter signup, prefilled in the form (worker/newsletter/; the spec's "newsletter email"). */
  newsletterEmail: 'newsletter-email',
  /** When the cart last bypassed to a guest cart (worker/cart/cart-connect.ts). */
  lastCartBypass: 'last-cart-bypass-ts',
  /** What the last schema migrations of this device did, newest first (worker/db/migration-record.ts). */
  deviceMigrations: 'device-migrations',
} as const;

export const kvSchema = documentSchema<KvDoc>({
  title: 'kv',
  version: 0,
  primaryKey: 'key',
  properties: {
    key: indexedString(128),
    value: {},
    updated_at: { type: 'number' },
  },
  required: ['key', 'updated_at'],
});

export const kvMigrationStrategies = {};
