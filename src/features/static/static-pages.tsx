import { t } from '../../lib/i18n/index.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { EmptyPage } from '../../ui/empty-state.tsx';

export function ErrorPage() {
  useDocumentTitle(t('Something went wrong'));
  return (
    <EmptyPage title={t('Something went wrong')} text={t('Please try again in a moment.')} linkLabel={t('Home')} />
  );
}
