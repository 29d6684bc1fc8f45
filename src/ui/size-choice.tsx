import type { ConfigurableChild, Product } from '../../worker/api-types.ts';
import { stockState } from '../../domain/catalog/stock-state.ts';
import { productSizeText } from '../../domain/cart/line-display.ts';
import { t } from '../lib/i18n/index.ts';
import { Button } from './button.tsx';

/**
 * "Choose your size" where a product is added from a list rather than its product page (a wishlist line, a
 * recommendation tile): one button a size of the product document, named as the cart line will name it. A sold-out size stays visible but cannot be
 * chosen; a tile, short of room, leaves it out (`soldOut="hide"`).
 */
export function SizeChoice({
  product,
  onChoose,
  pending,
  className,
  buttonClassName,
  soldOut = 'disable',
}: {
  product: Product;
  onChoose: (childSku: string) => void;
  pending: boolean;
  /** The layout class of the place the choice stands in. */
  className: string;
  buttonClassName?: string;
  soldOut?: 'disable' | 'hide';
}) {
  const isSoldOut = (child: ConfigurableChild) => stockState(child.stock) === 'out_of_stock';
  const children = (product.configurable_children ?? []).filter((child) => soldOut === 'disable' || !isSoldOut(child));
  return (
    <fieldset className={className}>
      <legend>{t('Choose your size')}</legend>
      {children.map((child) => (
        <Button
          key={child.sku}
          variant="secondary"
          className={buttonClassName}
          disabled={pending || isSoldOut(child)}
          onClick={() => onChoose(child.sku)}
        >
          {child.size_label ? productSizeText(product, String(child.size_label)) : child.sku}
        </Button>
      ))}
    </fieldset>
  );
}
