import { Link } from '@tanstack/react-router';
import { COMPARE_PATH, useCompareList } from '../../lib/compare.ts';
import { t } from '../../lib/i18n/index.ts';

/** The way to the compare page while the list has products: in the header on a desktop, in the phone's menu. */
export function CompareLink({
  className,
  onClick,
  listItemClass,
}: {
  className?: string;
  onClick?: () => void;
  /** In a menu list: the link comes in its own list item with this class (none at all while the list is empty). */
  listItemClass?: string;
}) {
  const count = useCompareList()?.skus.length ?? 0;
  if (count === 0) return null;
  const link = (
    <Link to={COMPARE_PATH} className={className} onClick={onClick}>
      {t('Compare ({count})', { count })}
    </Link>
  );
  return listItemClass === undefined ? link : <li className={listItemClass}>{link}</li>;
}
