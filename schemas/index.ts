import type { RxCollection, RxDatabase } from 'rxdb';
import { cacheMigrationStrategies, cacheSchema, type CacheDoc } from './cache.ts';
import { cartItemsMigrationStrategies, cartItemsSchema, type CartItemDoc } from './cart-items.ts';
import { categoriesMigrationStrategies, categoriesSchema, type CategoryDoc } from './categories.ts';
import { kvMigrationStrategies, kvSchema, type KvDoc } from './kv.ts';
import { ordersMigrationStrategies, ordersSchema, type OrderDoc } from './orders.ts';
import { productsMigrationStrategies, productsSchema, type ProductDoc } from './products.ts';
import { syncTasksMigrationStrategies, syncTasksSchema, type SyncTaskDoc } from './sync-tasks.ts';
import { urlMapMigrationStrategies, urlMapSchema, type UrlMapDoc } from './url-map.ts';
import { wishlistItemsMigrationStrategies, wishlistItemsSchema, type WishlistItemDoc } from './wishlist-items.ts';

export type {
  CacheDoc,
  CartItemDoc,
  CategoryDoc,
  KvDoc,
  OrderDoc,
  ProductDoc,
  SyncTaskDoc,
  UrlMapDoc,
  WishlistItemDoc,
};
export type { MappedRoute } from './url-map.ts';
export { KV_KEYS } from './kv.ts';

/** Every collection of the shop database (9 of RxDB's 13-per-realm limit). */
export const collections = {
  products: { schema: productsSchema, migrationStrategies: productsMigrationStrategies },
  categories: { schema: categoriesSchema, migrationStrategies: categoriesMigrationStrategies },
  url_map: { schema: urlMapSchema, migrationStrategies: urlMapMigrationStrategies },
  cart_items: { schema: cartItemsSchema, migrationStrategies: cartItemsMigrationStrategies },
  wishlist_items: { schema: wishlistItemsSchema, migrationStrategies: wishlistItemsMigrationStrategies },
  sync_tasks: { schema: syncTasksSchema, migrationStrategies: syncTasksMigrationStrategies },
  orders: { schema: ordersSchema, migrationStrategies: ordersMigrationStrategies },
  kv: { schema: kvSchema, migrationStrategies: kvMigrationStrategies },
  cache: { schema: cacheSchema, migrationStrategies: cacheMigrationStrategies },
} as const;

export interface ShopCollections {
  products: RxCollection<ProductDoc>;
  categories: RxCollection<CategoryDoc>;
  url_map: RxCollection<UrlMapDoc>;
  cart_items: RxCollection<CartItemDoc>;
  wishlist_items: RxCollection<WishlistItemDoc>;
  sync_tasks: RxCollection<SyncTaskDoc>;
  orders: RxCollection<OrderDoc>;
  kv: RxCollection<KvDoc>;
  cache: RxCollection<CacheDoc>;
}

export type ShopDatabase = RxDatabase<ShopCollections>;

/** Collections a storage quota error must never clear (spec 001 §4 "Offline cache"): the shopper's own data. */
export const PRESERVED_COLLECTIONS: ReadonlyArray<keyof ShopCollections> = [
  'cart_items',
  'wishlist_items',
  'sync_tasks',
  'orders',
  'kv',
];
