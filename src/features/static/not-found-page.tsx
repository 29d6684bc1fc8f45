import { t } from '../../lib/i18n/index.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { EmptyState } from '../../ui/empty-state.tsx';

export function NotFoundPage() {
  useDocumentTitle(t('Page not found'));
  return (
    <div className="page not-found" data-page="not-found">
      <EmptyState
        title={t('Page not found')}
        text={t('Sorry, we could not find this page. It may have moved or no longer exists.')}
        linkLabel={t('Continue shopping')}
      />
    </div>
  );
}
