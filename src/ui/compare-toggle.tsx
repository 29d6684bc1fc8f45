import type { Product } from '../../worker/api-types.ts';
import { COMPARE_PATH, useCompareList } from '../lib/compare.ts';
import { t } from '../lib/i18n/index.ts';
import { notify } from '../lib/notifications.ts';
import { shop } from '../lib/shop.ts';
import { useListToggle } from '../lib/use-list-toggle.ts';

/**
 * "Vergelijk" on a product tile and the product page: pressed while the product is on the compare list. Adding
 * offers the compare page; a product past the limit is refused with the worker's message and nothing changes.
 */
export function CompareToggle({ product, className = '' }: { product: Product; className?: string }) {
  const list = useCompareList();
  const pressed = list?.skus.includes(product.sku) ?? false;
  const toggle = useListToggle(
    useCompareList,
    (now) => now.skus.includes(product.sku),
    async () => {
      const result = await shop().addToCompare(product.sku);
      notify(
        result.ok
          ? {
              type: 'success',
              message: 'Added to your comparison',
              action1: { label: 'View comparison', href: COMPARE_PATH },
            }
          : { type: 'warning', message: result.messageKey ?? '', params: result.params },
      );
      return result;
    },
    () => shop().removeFromCompare(product.sku),
    { silent: true },
  );
  return (
    <button
      type="button"
      className={`compare-toggle${pressed ? ' is-on' : ''} ${className}`.trim()}
      aria-pressed={pressed}
      aria-busy={toggle.pending || undefined}
      onClick={() => void toggle.run()}
    >
      {/* Named "Vergelijk <product>": the name starts with the label the shopper sees (WCAG 2.5.3), the pressed
          state says whether it is on the list (docs/accessibility.md). */}
      {t('Compare')}
      <span className="visually-hidden"> {product.name}</span>
    </button>
  );
}
