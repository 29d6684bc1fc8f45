import { t } from '../lib/i18n/index.ts';
import { Button } from './button.tsx';

/**
 * A part of a page that could not be loaded (offline, an error answer): what failed, said as an alert, and "Opnieuw
 * proberen", which asks again.
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('Try again')}
      </Button>
    </div>
  );
}
