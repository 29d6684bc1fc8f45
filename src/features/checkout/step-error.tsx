import { t } from '../../lib/i18n/index.ts';

/** A step's message (a rejected order's server text, or a validation key), announced when it appears. */
export function StepError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="field-error" role="alert">
      {t(message)}
    </p>
  );
}
