import { t } from '../../lib/i18n/index.ts';
import type { ModalProps } from '../../lib/modals.ts';
import { Modal } from '../../ui/modal.tsx';
import { StoreChoices } from './store-switch.tsx';

/**
 * Spec 001 §2 modal "language switcher": the shop's two store views (nl, nl-BE); choosing the other one does what
 * the footer's store switch does (src/lib/store-view.ts switchStoreView).
 */
export function LanguageSwitcherModal({ onClose }: ModalProps<'language-switcher'>) {
  return (
    <Modal open title={t('Choose your country')} onClose={onClose}>
      <nav className="store-switch store-switch-modal" aria-label={t('Choose your country')}>
        <StoreChoices />
      </nav>
    </Modal>
  );
}
