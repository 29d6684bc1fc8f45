import { t } from '../../lib/i18n/index.ts';
import { useIsMobile } from '../../lib/media.ts';
import { openModal } from '../../lib/modals.ts';
import { Button } from '../../ui/button.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

/**
 * The footer's newsletter signup (spec 001 §1). On a wide screen the form sits in the footer; on a phone the footer
 * keeps one button that opens the named modal 'newsletter' (spec 001 §2, ./newsletter-modal.tsx) with the same form.
 */
export function NewsletterSignup() {
  const mobile = useIsMobile();
  return (
    <section className="footer-newsletter">
      <h2>{t('Newsletter')}</h2>
      <p>{t('Get 10% off your next purchase.')}</p>
      {mobile ? (
        <Button aria-haspopup="dialog" onClick={() => openModal('newsletter')}>
          {t('Subscribe to the newsletter')}
        </Button>
      ) : (
        <NewsletterForm />
      )}
    </section>
  );
}
