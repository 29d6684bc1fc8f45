import { t } from '../../lib/i18n/index.ts';
import { chooseConsent, reopenConsent, useConsentBanner } from '../../lib/analytics/consent.ts';
import { Button } from '../../ui/button.tsx';

/**
 * The analytics consent (Dutch law: no analytics before consent): on the first visit, in the page's flow above the
 * content rather than over it, so it never hides the add-to-cart button or the checkout's order button. A
 * server-rendered page carries it for every visitor and its first script says whether it shows (CONSENT_PENDING_SCRIPT).
 */
export function ConsentBanner() {
  const banner = useConsentBanner();
  if (banner === 'closed') return null;
  return (
    <section
      className={banner === 'unknown' ? 'consent-banner consent-banner-unknown' : 'consent-banner'}
      aria-label={t('Cookie settings')}
    >
      <p>{t('We use analytics cookies to improve the shop. You choose whether we may.')}</p>
      <div className="consent-actions">
        <Button onClick={() => chooseConsent('accepted')}>{t('Accept')}</Button>
        <Button variant="secondary" onClick={() => chooseConsent('refused')}>
          {t('Refuse')}
        </Button>
      </div>
    </section>
  );
}

/** The footer's link to change the choice later. */
export function ConsentSettingsLink() {
  return (
    <button type="button" className="btn btn-link consent-settings" onClick={reopenConsent}>
      {t('Cookie settings')}
    </button>
  );
}
