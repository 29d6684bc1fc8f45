import { t } from '../../lib/i18n/index.ts';
import type { ModalProps } from '../../lib/modals.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';

/** Spec 001 §2 modal "feature not implemented": a control the shop shows but does not offer online yet. */
export function FeatureNotImplementedModal({ payload, onClose }: ModalProps<'feature-not-implemented'>) {
  return (
    <Modal open title={t('Not available yet')} onClose={onClose}>
      <p>
        {t(
          '{feature} is not available in our web shop yet. Ask about it in one of our stores or at customer service.',
          { feature: payload.feature },
        )}
      </p>
      <div className="modal-actions">
        <Button onClick={onClose}>{t('OK')}</Button>
      </div>
    </Modal>
  );
}
