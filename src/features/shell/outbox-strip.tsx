import { Link } from '@tanstack/react-router';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';

/**
 * While orders or changes wait on the device, a strip under the navigation says so and leads to the outbox. It takes
 * its own row, as the offline notice does, rather than hanging over the header: hung there it covered the phone's
 * category tabs (docs/checkout-and-orders.md "The outbox").
 */
export function OutboxStrip() {
  const outbox = useLiveQuery({ name: 'outbox' });
  const count = (outbox?.orders.filter((o) => o.state !== 'expired').length ?? 0) + (outbox?.changes ?? 0);
  if (count === 0) return null;
  return (
    <Link to="/mijn-account/wachtende-bestellingen/" className="outbox-indicator" data-testid="outbox-indicator">
      {t('{count} waiting', { count })}
    </Link>
  );
}
