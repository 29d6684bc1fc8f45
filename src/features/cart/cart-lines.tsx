import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CartLineView } from '../../../worker/api-types.ts';
import { formatPrice } from '../../../domain/money.ts';
import { t } from '../../lib/i18n/index.ts';
import { shop } from '../../lib/shop.ts';
import { useCommand } from '../../lib/use-command.ts';
import { Button } from '../../ui/button.tsx';
import { QtySelect } from '../../ui/field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { ProductImage } from '../../ui/product-image.tsx';
import { lazyPanel } from '../../ui/lazy-panel.tsx';
import { afterOk, trackRemoveFromCart } from '../../lib/analytics/events.ts';

// The edit panel opens on "Change" only, so its code loads then (src/ui/lazy-panel.tsx).
const CartEditPanel = lazyPanel(() => import('./cart-edit.tsx').then((m) => m.CartEditPanel));

function Line({ item, editable }: { item: CartLineView; editable: boolean }) {
  const { name, image, url_path } = item.display;
  const [confirm, setConfirm] = useState(false);
  const [editing, setEditing] = useState(false);
  const configurable = item.type_id === 'configurable' && !!item.parentSku;
  const update = useCommand((qty: number) => shop().updateQty(item.local_id, qty));
  const remove = useCommand(() =>
    shop()
      .removeItem(item.local_id)
      .then(afterOk(() => trackRemoveFromCart(item))),
  );
  const href = url_path ? `/${url_path}` : undefined;
  return (
    <li className="cart-line" data-sku={item.sku}>
      <ProductImage image={image} alt={name} kind="thumb" />
      <div className="cart-line-info">
        {href ? <Link to={href}>{name}</Link> : <span>{name}</span>}
        {item.variant ? <p className="muted cart-line-variant">{item.variant}</p> : null}
        {/* a line marked by the stock check or by a re-priced order (spec 001 §8 'sold out; remove it') */}
        {item.errors.stock ? <p className="field-error cart-line-error">{t(item.errors.stock)}</p> : null}
        {/* a change the server refused as made by an older version of the shop (docs/api.md "Payload versions") */}
        {item.errors.version ? <p className="field-error cart-line-error">{t(item.errors.version)}</p> : null}
        {editable ? (
          <QtySelect value={item.qty} onChange={(qty) => void update.run(qty)} />
        ) : (
          <p className="muted">
            {t('Quantity')}: {item.qty}
          </p>
        )}
      </div>
      <div className="cart-line-end">
        {item.rowTotalCents !== null ? (
          <p className="price">
            <span className="price-current">{formatPrice(item.rowTotalCents)}</span>
          </p>
        ) : null}
        {editable && configurable ? (
          <button type="button" className="btn btn-link" onClick={() => setEditing(true)}>
            {t('Change')}
          </button>
        ) : null}
        {editable ? (
          <button type="button" className="btn btn-link" onClick={() => setConfirm(true)}>
            {t('Remove')}
          </button>
        ) : null}
      </div>
      {/* Spec 001 §4: the edit mode exists only while the panel is open; closing sets it to null. */}
      {editing ? <CartEditPanel item={item} onClose={() => setEditing(false)} /> : null}
      {/* Spec 000 §9: the cart asks for confirmation before removing an item. */}
      <Modal open={confirm} title={t('Remove')} onClose={() => setConfirm(false)}>
        <p>{t('Remove this product from your cart?')}</p>
        <div className="modal-actions">
          <Button variant="secondary" onClick={() => setConfirm(false)}>
            {t('Cancel')}
          </Button>
          <Button
            onClick={() => {
              setConfirm(false);
              void remove.run();
            }}
          >
            {t('Yes, remove')}
          </Button>
        </div>
      </Modal>
    </li>
  );
}

export function CartLines({ items, editable = true }: { items: CartLineView[]; editable?: boolean }) {
  return (
    <ul className="cart-lines">
      {items.map((item) => (
        <Line key={item.local_id} item={item} editable={editable} />
      ))}
    </ul>
  );
}
