import { useEffect, useRef } from 'react';
import type { ConfigurableChild, Product } from '../../worker/api-types.ts';
import { t } from '../lib/i18n/index.ts';
import { notifySearchProvider } from '../lib/search-provider.ts';
import { shop } from '../lib/shop.ts';
import { useListToggle } from '../lib/use-list-toggle.ts';
import { itemsOfProduct, useWishlist, wishlistInput } from '../lib/wishlist.ts';
import { Icon } from './icon.tsx';

/**
 * The heart on a product tile and the product page (spec 001 §4 wishlist): pressed when the product or one of its
 * variants is on the list; pressing it adds or removes. On the product page (`child` given) a product on the list
 * follows the size the shopper chooses: the old item is replaced by the chosen variant.
 */
export function WishlistHeart({
  product,
  child,
  className = '',
}: {
  product: Product;
  child?: ConfigurableChild | null;
  className?: string;
}) {
  const wishlist = useWishlist();
  const onList = itemsOfProduct(wishlist?.items ?? [], product.sku);
  const pressed = onList.length > 0;
  const toggle = useListToggle(
    useWishlist,
    (list) => itemsOfProduct(list.items, product.sku).length > 0,
    async () => {
      const added = await shop().addToWishlist(wishlistInput(product, child));
      if (added.ok) notifySearchProvider({ type: 'add-favorite', productKey: product.sku });
      return added;
    },
    async (list) => {
      for (const item of itemsOfProduct(list.items, product.sku)) await shop().removeFromWishlist(item.key);
      notifySearchProvider({ type: 'remove-favorite', productKey: product.sku });
      return { ok: true };
    },
  );
  const onListKey = onList.length === 1 ? onList[0].key : null;
  // the item being replaced right now: the effect runs again on every render until the list shows the new variant
  const replacing = useRef<string | null>(null);
  useEffect(() => {
    if (!child || !onListKey || onListKey === child.sku || replacing.current === onListKey) return;
    replacing.current = onListKey;
    void shop()
      .replaceWishlistItem(onListKey, wishlistInput(product, child))
      .finally(() => {
        replacing.current = null;
      });
  }, [child, onListKey, product]);
  return (
    <button
      type="button"
      className={`wishlist-heart${pressed ? ' is-on' : ''} ${className}`.trim()}
      aria-pressed={pressed}
      aria-label={t(pressed ? 'Remove {name} from your wishlist' : 'Add {name} to your wishlist', {
        name: product.name,
      })}
      aria-busy={toggle.pending || undefined}
      onClick={() => void toggle.run()}
    >
      <Icon name="wishlist" />
    </button>
  );
}
