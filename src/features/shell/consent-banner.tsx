import { t } from '../../lib/i18n/index.ts';
import { chooseConsent, reopenConsent, useConsentBannerOpen } from '../../lib/analytics/consent.ts';
import { Button } from '../../ui/button.tsx';

/**
 * The analytics consent (Dutch law: no analytics before consent): on the first visit, in the page's flow above the
 * content rather than over it, so it never hides the add-to-cart button or the checkout's order button.
 */
export function ConsentBanner() {
  const open = useConsentBannerOpen();
  if (!open) return null;
  return (
    <section className="consent-banner" aria-label={t('Cookie settings')}>
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
