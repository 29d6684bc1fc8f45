import { useState, type KeyboardEvent } from 'react';
import { formatPrice } from '../../domain/money.ts';
import type { StoryBlock } from '../lib/cms-story.ts';
import { t } from '../lib/i18n/index.ts';
import { shop } from '../lib/shop.ts';
import { Field } from './field.tsx';

/** 16 digits (spaces and dashes as the card prints them) and a 4-digit PIN: checked here before asking the server. */
const CARD_NUMBER = /^\d{16}$/;
const PIN = /^\d{4}$/;

/**
 * A gift card's number and PIN (docs/checkout-and-orders.md "Gift cards"). `balance` shows what is left on the card
 * (/cadeaubonnen); `apply` lets the card pay the cart (the checkout), whose totals then show it. Online only: the
 * worker says so offline, and the PIN is never kept. A group, not a form: inside the checkout's form a nested form
 * would not exist, and its button would place the order.
 */
export function GiftCardForm({ mode }: { mode: 'balance' | 'apply' }) {
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit() {
    const digits = number.replace(/[\s-]/g, '');
    if (!CARD_NUMBER.test(digits) || !PIN.test(pin.trim())) {
      setOutcome({ ok: false, text: t('Enter the 16 digits of your gift card and its 4-digit PIN.') });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      if (mode === 'balance') {
        const result = await shop().giftCardBalance(digits, pin.trim());
        setOutcome(
          result.ok
            ? {
                ok: true,
                text: t('Balance on gift card {number}: {amount}', {
                  number: result.card.number,
                  amount: formatPrice(result.card.balanceCents),
                }),
              }
            : { ok: false, text: t(result.messageKey) },
        );
      } else {
        const result = await shop().applyGiftCard(digits, pin.trim());
        if (result.ok) {
          setNumber('');
          setPin('');
        } else {
          setOutcome({
            ok: false,
            text: t(result.messageKey ?? 'The gift card could not be checked. Please try again.'),
          });
        }
      }
    } finally {
      setBusy(false);
    }
  }

  const label = mode === 'balance' ? t('Check balance') : t('Use gift card');
  // Enter in a field checks the card, as a form's would, and never submits a form around it
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void submit();
  };
  return (
    <div className="form gift-card-form" role="group" aria-label={label} onKeyDown={onKeyDown}>
      <div className="field-row">
        <Field
          name="giftcard-number"
          label={t('Gift card number')}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          required
        />
        <Field
          name="giftcard-pin"
          label={t('PIN')}
          type="password"
          value={pin}
          onChange={(e) => setPin(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          required
        />
      </div>
      <button
        type="button"
        className="btn btn-secondary"
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => void submit()}
      >
        {label}
      </button>
      {outcome ? (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'form-success' : 'field-error'}>
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}

/** The CMS block of /cadeaubonnen: its title and the balance check. */
export function GiftCardBalanceBlock({ block }: { block: StoryBlock }) {
  return (
    <section className="gift-card-balance">
      {typeof block.title === 'string' && block.title ? <h2>{block.title}</h2> : null}
      <GiftCardForm mode="balance" />
    </section>
  );
}
