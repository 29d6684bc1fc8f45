import { t } from '../../lib/i18n/index.ts';
import type { ModalProps } from '../../lib/modals.ts';
import { Modal } from '../../ui/modal.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

/** The named modal 'newsletter' (spec 001 §2): the footer's form, closed once a confirmation mail is on its way. */
export function NewsletterModal({ onClose }: ModalProps<'newsletter'>) {
  return (
    <Modal open title={t('Newsletter')} onClose={onClose}>
      <p>{t('Get 10% off your next purchase.')}</p>
      <NewsletterForm onSubscribed={onClose} />
    </Modal>
  );
}
