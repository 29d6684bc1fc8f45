import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Product, RecommendationTile, RecommendationTiles } from '../../worker/api-types.ts';
import type { RecommendationAlgorithm } from '../../contract/search-provider.ts';
import { cartLineDisplay } from '../../domain/cart/line-display.ts';
import { t } from '../lib/i18n/index.ts';
import { plainText } from '../lib/plain-text.ts';
import { notifySearchProvider } from '../lib/search-provider.ts';
import { shop } from '../lib/shop.ts';
import { useAsync } from '../lib/use-async.ts';
import { useCommand } from '../lib/use-command.ts';
import { Button } from './button.tsx';
import { Price } from './price.tsx';
import { ProductImage } from './product-image.tsx';
import { SizeChoice } from './size-choice.tsx';

/** The heading of each list (spec 001 §7 algorithms), as English message keys. */
const HEADINGS: Record<RecommendationAlgorithm, string> = {
  ALTERNATIVES: 'Alternatives',
  STYLE_WITH: 'Style it with',
  ADD_TO_CART_RECS: 'Complete your look',
};

/**
 * "In winkelwagen" on a tile: a product with sizes first asks which one (the sizes in stock, from the product
 * document), then adds it like the product page does; the provider hears of it with the tile's ticket.
 */
function AddTile({ tile }: { tile: RecommendationTile }) {
  const [sizesOf, setSizesOf] = useState<Product | null>(null);
  const add = useCommand(async (product: Product, childSku?: string) => {
    const result = await shop().addToCart({
      sku: childSku ?? product.sku,
      parentSku: childSku ? product.sku : undefined,
      qty: 1,
      product: cartLineDisplay(product, { sku: childSku }),
      errors: product.errors ?? {},
    });
    if (result.ok) {
      notifySearchProvider({ type: 'add-to-cart', ticket: tile.ticket });
      setSizesOf(null);
    }
    return result;
  });
  const load = useCommand(async () => {
    const { product } = await shop().loadProduct({ parentSku: tile.parentSku });
    if (product.type_id === 'configurable') setSizesOf(product);
    else await add.run(product);
    return { ok: true };
  });
  const pending = load.pending || add.pending;
  if (sizesOf) {
    return (
      <SizeChoice
        product={sizesOf}
        pending={pending}
        onChoose={(sku) => void add.run(sizesOf, sku)}
        className="tile-sizes"
        buttonClassName="size-option"
        soldOut="hide"
      />
    );
  }
  return (
    <Button
      className="tile-add"
      disabled={pending || !tile.inStock}
      aria-label={t('Add {name} to cart', { name: plainText(tile.title) })}
      onClick={() => void load.run()}
    >
      {pending ? t('Adding…') : t('Add')}
    </Button>
  );
}

function Tile({ tile }: { tile: RecommendationTile }) {
  const title = plainText(tile.title);
  const special = tile.final_price_incl_tax < tile.price ? tile.final_price_incl_tax : undefined;
  return (
    <article className="tile recommendation-tile" data-sku={tile.sku}>
      <Link
        to={tile.link}
        className="tile-link"
        onClick={() => notifySearchProvider({ type: 'click', ticket: tile.ticket })}
      >
        <div className="tile-media">
          <ProductImage image={tile.images.main ?? undefined} alt={title} kind="tile" />
          <ul className="tile-labels">
            {tile.discount ? <li className="label">-{tile.discount}%</li> : null}
            {tile.labels
              .filter((l) => !l.includes('%'))
              .slice(0, 1)
              .map((l) => (
                <li key={l} className="label">
                  {l}
                </li>
              ))}
          </ul>
        </div>
        {tile.brand ? <p className="tile-brand">{tile.brand}</p> : null}
        <h3 className="tile-name">{title}</h3>
        {tile.color ? <p className="muted tile-colour">{tile.color}</p> : null}
      </Link>
      <Price price={tile.price} special={special} />
      <AddTile tile={tile} />
    </article>
  );
}

function List({ list }: { list: RecommendationTiles }) {
  if (list.tiles.length === 0) return null;
  const headingId = `recs-${list.algorithm.toLowerCase()}`;
  return (
    <section className="recommendations" aria-labelledby={headingId} data-algorithm={list.algorithm}>
      <h2 id={headingId}>{t(HEADINGS[list.algorithm])}</h2>
      <ul className="recommendation-row">
        {list.tiles.map((tile) => (
          <li key={tile.sku}>
            <Tile tile={tile} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The provider's recommendation lists (spec 001 §7, 8 per list): ALTERNATIVES and STYLE_WITH for a product,
 * ADD_TO_CART_RECS for the cart's products. Nothing shows while they load, offline without a cached answer, or
 * when a list is empty: they are an extra, never a reason for an error on the page.
 */
export function Recommendations(props: { productKey: string } | { cart: string[] }) {
  const request = 'productKey' in props ? { productKey: props.productKey } : { cart: [...new Set(props.cart)].sort() };
  const key = 'productKey' in request ? `recs:product:${request.productKey}` : `recs:cart:${request.cart.join('|')}`;
  const lists = useAsync(key, () => shop().recommendations(request));
  if (lists.status !== 'success' && !lists.data) return null;
  return (
    <>
      {(lists.data ?? []).map((list) => (
        <List key={list.algorithm} list={list} />
      ))}
    </>
  );
}
