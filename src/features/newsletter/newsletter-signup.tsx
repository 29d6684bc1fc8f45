import { useState } from 'react';
import { t } from '../../lib/i18n/index.ts';
import { useIsMobile } from '../../lib/media.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

/**
 * The footer's newsletter signup (spec 001 §1). On a wide screen the form sits in the footer; on a phone the footer
 * keeps one button that opens the newsletter modal (spec 001 §2 "modals that can be opened by name: … newsletter")
 * with the same form, which closes once a confirmation mail is on its way.
 */
export function NewsletterSignup() {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  return (
    <section className="footer-newsletter">
      <h2>{t('Newsletter')}</h2>
      <p>{t('Get 10% off your next purchase.')}</p>
      {mobile ? (
        <>
          <Button onClick={() => setOpen(true)}>{t('Subscribe to the newsletter')}</Button>
          <Modal open={open} title={t('Newsletter')} onClose={() => setOpen(false)}>
            <p>{t('Get 10% off your next purchase.')}</p>
            {open ? <NewsletterForm onSubscribed={() => setOpen(false)} /> : null}
          </Modal>
        </>
      ) : (
        <NewsletterForm />
      )}
    </section>
  );
}
