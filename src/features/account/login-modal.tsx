import { t } from './account-texts.ts';
import type { ModalProps } from '../../lib/modals.ts';
import { Modal } from '../../ui/modal.tsx';
import { LoginForm } from './login-page.tsx';

/**
 * Spec 001 §2 modal "authentication": the login form over the page the shopper is on; logging in closes it, and the
 * page stays (the wishlist kept on this device joins the account's).
 */
export function AuthenticationModal({ payload, onClose }: ModalProps<'authentication'>) {
  return (
    <Modal open title={t('Log in')} onClose={onClose}>
      {payload?.reason ? <p className="muted">{t(payload.reason)}</p> : null}
      <LoginForm heading={() => null} onLoggedIn={onClose} />
    </Modal>
  );
}
