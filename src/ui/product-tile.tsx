import { Link } from '@tanstack/react-router';
import type { Product } from '../../worker/api-types.ts';
import { productPrices } from '../../domain/catalog/product-prices.ts';
import { t } from '../lib/i18n/index.ts';
import { Price } from './price.tsx';
import { ProductImage } from './product-image.tsx';
import { productPath } from '../lib/product-link.ts';
import { WishlistHeart } from './wishlist-heart.tsx';
import { CompareToggle } from './compare-toggle.tsx';
import { PersonalPrice } from './personal-price.tsx';

function labelsOf(p: Product): string[] {
  const labels: string[] = [];
  const raw = p.product_labels;
  if (Array.isArray(raw)) {
    for (const l of raw) {
      const text =
        typeof l === 'string' ? l : ((l as { label?: string; name?: string })?.label ?? (l as { name?: string })?.name);
      if (text) labels.push(text);
    }
  }
  if (!labels.length && p.new) labels.push(t('New'));
  return labels.slice(0, 2);
}

export function ProductTile({
  product,
  priority,
  onSelect,
}: {
  product: Product;
  priority?: boolean;
  onSelect?: () => void;
}) {
  const { price, special } = productPrices(product);
  const outOfStock = product.stock ? !product.stock.is_in_stock : false;
  return (
    <article className="tile">
      <Link to={productPath(product)} className="tile-link" onClick={onSelect}>
        <div className="tile-media">
          <ProductImage image={product.image} alt={product.name} kind="tile" priority={priority} />
          <ul className="tile-labels">
            {labelsOf(product).map((l) => (
              <li key={l} className="label">
                {l}
              </li>
            ))}
            {outOfStock ? <li className="label label-muted">{t('Out of stock')}</li> : null}
          </ul>
        </div>
        {product.brand ? <p className="tile-brand">{String(product.brand)}</p> : null}
        <h3 className="tile-name">{product.name}</h3>
      </Link>
      <Price price={price} special={special} />
      <PersonalPrice skus={[product.sku]} />
      <WishlistHeart product={product} className="tile-heart" />
      <CompareToggle product={product} className="tile-compare" />
    </article>
  );
}

/** A list of tiles: the listing grid, a product's set and a CMS product row; the first `priority` images load eagerly. */
export function ProductTiles({
  products,
  className,
  priority = 0,
  onSelect,
}: {
  products: Product[];
  className: string;
  priority?: number;
  /** A tile tapped: the product and its position in the list, from 1. */
  onSelect?: (product: Product, position: number) => void;
}) {
  return (
    <ul className={className}>
      {products.map((p, i) => (
        <li key={p.sku}>
          <ProductTile product={p} priority={i < priority} onSelect={onSelect && (() => onSelect(p, i + 1))} />
        </li>
      ))}
    </ul>
  );
}
