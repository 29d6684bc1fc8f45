import { t } from '../../lib/i18n/index.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { EmptyPage } from '../../ui/empty-state.tsx';

export { ErrorPage } from '../../ui/missing-page.tsx';

export function WishlistPage() {
  useDocumentTitle(t('Wishlist'));
  return (
    <EmptyPage
      title={t('Your wishlist is empty')}
      text={t('Tap the heart on a product to save it for later.')}
      linkLabel={t('Continue shopping')}
    />
  );
}
