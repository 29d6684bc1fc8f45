import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Product, WishlistItemView } from '../../../worker/api-types.ts';
import { cartLineDisplay } from '../../../domain/cart/line-display.ts';
import { formatPrice } from '../../../domain/money.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { t } from './wishlist-texts.ts';
import { shop } from '../../lib/shop.ts';
import { useCommand } from '../../lib/use-command.ts';
import { useWishlist } from '../../lib/wishlist.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyPage } from '../../ui/empty-state.tsx';
import { Loader } from '../../ui/loader.tsx';
import { ProductImage } from '../../ui/product-image.tsx';
import { SizeChoice } from '../../ui/size-choice.tsx';

/** A configurable product saved without a size: moving it to the cart asks for one. */
const needsSize = (item: WishlistItemView) => item.display?.type_id === 'configurable' && item.parentSku === null;

/**
 * One saved product: image, name, variant and price, "move to cart" (the size is asked for first when the product
 * was saved without one) and remove. Both work offline: the cart and the list are written on the device first.
 */
function WishlistLine({ item }: { item: WishlistItemView }) {
  const [sizesOf, setSizesOf] = useState<Product | null>(null);
  const name = item.display?.name ?? item.sku;
  const href = item.display?.url_path ? `/${item.display.url_path}` : undefined;
  const remove = useCommand(() => shop().removeFromWishlist(item.key));
  const move = useCommand(async (childSku?: string) => {
    const added =
      sizesOf && childSku
        ? await shop().addToCart({
            sku: childSku,
            parentSku: sizesOf.sku,
            qty: 1,
            product: cartLineDisplay(sizesOf, { sku: childSku }),
            errors: sizesOf.errors ?? {},
          })
        : await shop().addToCart({
            sku: item.sku,
            parentSku: item.parentSku ?? undefined,
            qty: 1,
            product: item.display ?? undefined,
          });
    if (added.ok) await shop().removeFromWishlist(item.key);
    return added;
  });
  const loadSizes = useCommand(async () => {
    try {
      setSizesOf((await shop().loadProduct({ parentSku: item.sku })).product);
      return { ok: true };
    } catch {
      return { ok: false, messageKey: 'The sizes of this product cannot be loaded while offline.' };
    }
  });
  return (
    <li className="cart-line wishlist-line" data-sku={item.sku}>
      <ProductImage image={item.display?.image} alt={name} kind="thumb" />
      <div className="cart-line-info">
        {href ? <Link to={href}>{name}</Link> : <span>{name}</span>}
        {item.variant ? <p className="muted cart-line-variant">{item.variant}</p> : null}
        {item.priceCents !== null ? (
          <p className="price">
            <span className={`price-current${item.originalPriceCents !== null ? ' price-special' : ''}`}>
              {formatPrice(item.priceCents)}
            </span>
            {item.originalPriceCents !== null ? (
              <>
                {' '}
                <del className="price-old">{formatPrice(item.originalPriceCents)}</del>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="wishlist-line-end">
        <Button
          disabled={move.pending || loadSizes.pending || sizesOf !== null}
          onClick={() => void (needsSize(item) ? loadSizes.run() : move.run())}
        >
          {t('Move to cart')}
        </Button>
        <button
          type="button"
          className="btn btn-link"
          disabled={remove.pending}
          aria-label={t('Remove {name} from your wishlist', { name })}
          onClick={() => void remove.run()}
        >
          {t('Remove')}
        </button>
      </div>
      {sizesOf ? (
        <SizeChoice
          product={sizesOf}
          pending={move.pending}
          onChoose={(sku) => void move.run(sku)}
          className="wishlist-sizes option-group"
        />
      ) : null}
    </li>
  );
}

/** `/wishlist/` (spec 001 §2 route table, §4 wishlist): the saved products of this device, or of the account. */
export function WishlistPage() {
  useDocumentTitle(t('Wishlist'));
  const wishlist = useWishlist();
  if (!wishlist) return <Loader />;
  if (wishlist.count === 0) {
    return (
      <EmptyPage
        title={t('Your wishlist is empty')}
        text={t('Tap the heart on a product to save it for later.')}
        linkLabel={t('Continue shopping')}
      />
    );
  }
  return (
    <div className="page wishlist-page">
      <h1>
        {t('Wishlist')} ({wishlist.count})
      </h1>
      <ul className="cart-lines">
        {wishlist.items.map((item) => (
          <WishlistLine key={item.key} item={item} />
        ))}
      </ul>
    </div>
  );
}
