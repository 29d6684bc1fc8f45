import { formatPrice, toCents } from '../../domain/money.ts';

export interface PriceProps {
  /** Regular price including tax, euros (API shape). */
  price?: number;
  /** Special price including tax, euros; shown only when lower than the regular price. */
  special?: number;
  className?: string;
}

/** Price with an optional special price: the old price struck through and a discount label. */
export function Price({ price, special, className }: PriceProps) {
  if (price === undefined || !Number.isFinite(price)) return null;
  const regular = toCents(price);
  const sale = special !== undefined && Number.isFinite(special) && special > 0 ? toCents(special) : null;
  if (sale === null || sale >= regular) {
    return (
      <p className={`price${className ? ` ${className}` : ''}`}>
        <span className="price-current">{formatPrice(regular)}</span>
      </p>
    );
  }
  const discount = Math.round(((regular - sale) / regular) * 100);
  return (
    <p className={`price price-has-special${className ? ` ${className}` : ''}`}>
      <span className="price-current price-special">{formatPrice(sale)}</span>{' '}
      <del className="price-old">
        <span className="visually-hidden">Van </span>
        {formatPrice(regular)}
      </del>{' '}
      <span className="price-discount">-{discount}%</span>
    </p>
  );
}
