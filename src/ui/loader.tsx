import { t } from '../lib/i18n/index.ts';

export function Loader({ message }: { message?: string }) {
  return (
    <div className="loader" role="status">
      <span className="loader-spinner" aria-hidden="true" />
      <span>{message ?? t('Loading…')}</span>
    </div>
  );
}
