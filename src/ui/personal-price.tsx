import { formatPrice } from '../../domain/money.ts';
import { t } from '../lib/i18n/index.ts';
import { usePersonalPrice } from '../lib/personal-price.ts';

/** "Jouw prijs" beside the shop's price, for a member with a personal price for this product or the chosen variant. */
export function PersonalPrice({ skus, className = '' }: { skus: (string | undefined)[]; className?: string }) {
  const cents = usePersonalPrice(...skus);
  if (cents === null) return null;
  return (
    <p className={`personal-price ${className}`.trim()}>
      {t('Your price')} <strong>{formatPrice(cents)}</strong>
    </p>
  );
}
