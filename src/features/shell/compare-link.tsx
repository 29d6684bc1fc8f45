import { Link } from '@tanstack/react-router';
import { COMPARE_PATH, useCompareList } from '../../lib/compare.ts';
import { t } from '../../lib/i18n/index.ts';

/** The way to the compare page while the list has products: in the header on a desktop, in the phone's menu. */
export function CompareLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  const count = useCompareList()?.skus.length ?? 0;
  if (count === 0) return null;
  return (
    <Link to={COMPARE_PATH} className={className} onClick={onClick}>
      {t('Compare ({count})', { count })}
    </Link>
  );
}
