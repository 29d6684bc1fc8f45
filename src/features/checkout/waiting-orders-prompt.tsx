import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { closeModal, openModal, type ModalProps } from '../../lib/modals.ts';
import { useOnline } from '../../lib/online.ts';
import { shop } from '../../lib/shop.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';

/**
 * Spec 000 §4 "Offline": with automatic transmission off, a shopper who is back online anywhere but the order
 * confirmation (which sends by itself) is asked to confirm sending the orders placed offline, in the named modal
 * 'order-confirmation' (spec 001 §2). "Later" asks again on the next page.
 */
export function WaitingOrdersPrompt() {
  const waiting = useLiveQuery({ name: 'ordersToConfirm' }) ?? 0;
  const online = useOnline();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const [laterOn, setLaterOn] = useState<string | null>(null);
  const open = online && waiting > 0 && !path.startsWith('/checkout-return') && laterOn !== path;
  useEffect(() => {
    if (open) openModal('order-confirmation', { onLater: () => setLaterOn(path) });
    else closeModal('order-confirmation');
  }, [open, path]);
  return null;
}

/** The question itself: send now, or later (Escape and the close button say later too). */
export function OrderConfirmationModal({ payload, onClose }: ModalProps<'order-confirmation'>) {
  const later = () => {
    payload.onLater();
    onClose();
  };
  return (
    <Modal open title={t('Send your order?')} onClose={later}>
      <p>{t('You placed an order while you were offline. Do you want to send it now?')}</p>
      <div className="modal-actions">
        <Button onClick={() => void shop().sendWaitingOrders()}>{t('Send order')}</Button>
        <Button variant="secondary" onClick={later}>
          {t('Later')}
        </Button>
      </div>
    </Modal>
  );
}
