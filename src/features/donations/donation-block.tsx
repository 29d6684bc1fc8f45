import { useId, useState, type FormEvent } from 'react';
import {
  DONATION_FREQUENCIES,
  isValidDonationAmount,
  parseEuroAmount,
  type DonationFrequency,
} from '../../../domain/donation.ts';
import { formatPrice, toCents } from '../../../domain/money.ts';
import { VALIDATION_MESSAGES, isRequired, isValidEmail, isValidName } from '../../../domain/validation/index.ts';
import type { StoryBlock } from '../../lib/cms-story.ts';
import { t } from './donation-texts.ts';
import { useOnline } from '../../lib/online.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, Field, RadioGroup } from '../../ui/field.tsx';

const FREQUENCY_LABELS: Record<DonationFrequency, string> = { once: 'One-off', monthly: 'Monthly' };

/** The block's preset amounts (euros in the CMS, as editors type them) as cents within the bounds. */
function presetsOf(block: StoryBlock): number[] {
  const amounts = Array.isArray(block.amounts) ? block.amounts : [];
  return amounts
    .filter((a): a is number => typeof a === 'number' && Number.isFinite(a))
    .map(toCents)
    .filter((cents) => isValidDonationAmount(cents) === null);
}

function frequenciesOf(block: StoryBlock): DonationFrequency[] {
  const listed = Array.isArray(block.frequencies) ? block.frequencies : DONATION_FREQUENCIES;
  const known = DONATION_FREQUENCIES.filter((f) => listed.includes(f));
  return known.length ? known : ['once'];
}

type Errors = Partial<Record<'amount' | 'name' | 'email' | 'method', string>>;

/**
 * The donation block of a donation page (spec 001 §1 "donations (one-off and monthly)", §2 route
 * `/mannen-voor-mannen/{slug}`): one-off or monthly, a preset or free amount, a payment method from the server, name
 * and e-mail. Submitting creates the donation and the browser goes to its payment page; a refusal is the server's
 * message as an error with OK (the worker shows it, spec 001 §8). Online only: a donation is paid on the payment page.
 */
export function DonationBlock({ block }: { block: StoryBlock }) {
  const online = useOnline();
  const causeSlug = typeof block.cause_slug === 'string' ? block.cause_slug : '';
  const presets = presetsOf(block);
  const frequencies = frequenciesOf(block);
  const freeAmountId = useId();
  const [frequency, setFrequency] = useState<DonationFrequency>(frequencies[0]);
  const [preset, setPreset] = useState<number | null>(presets[1] ?? presets[0] ?? null);
  const [freeAmount, setFreeAmount] = useState('');
  const [method, setMethod] = useState<string | undefined>();
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const methods = useAsync(online ? 'donation-methods' : null, () => shop().donationPaymentMethods());
  const methodList = methods.status === 'success' ? methods.data : null;
  const chosenMethod = method ?? methodList?.[0]?.code;

  const amountCents = freeAmount.trim() ? parseEuroAmount(freeAmount) : preset;
  const amountText = amountCents !== null && !isValidDonationAmount(amountCents) ? formatPrice(amountCents) : null;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending || !online) return;
    const form = new FormData(e.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    const problems: Errors = {
      amount:
        amountCents === null ? VALIDATION_MESSAGES.donationAmount : (isValidDonationAmount(amountCents) ?? undefined),
      name: isRequired(name) ?? isValidName(name) ?? undefined,
      email: isRequired(email) ?? isValidEmail(email) ?? undefined,
      method: chosenMethod ? undefined : VALIDATION_MESSAGES.paymentMethod,
    };
    setErrors(problems);
    if (Object.values(problems).some(Boolean) || amountCents === null || !chosenMethod) return;
    setSending(true);
    try {
      const created = await shop().createDonation({
        cause_slug: causeSlug,
        frequency,
        amount_cents: amountCents,
        name,
        email,
        payment_method: chosenMethod,
      });
      // spec 001 §7: result.redirect_url leads to a browser redirect (the payment page is no page of the app)
      if (created.ok) window.location.assign(created.redirectUrl);
      else setSending(false);
    } catch {
      setSending(false);
    }
  };

  return (
    <section className="donation-block" aria-labelledby={`${freeAmountId}-title`}>
      <h2 id={`${freeAmountId}-title`}>{t('Donate')}</h2>
      <form className="form donation-form" onSubmit={(e) => void submit(e)} noValidate>
        {frequencies.length > 1 ? (
          <RadioGroup
            legend={t('How often do you give?')}
            name="frequency"
            value={frequency}
            onChange={(value) => setFrequency(value as DonationFrequency)}
            options={frequencies.map((f) => [f, t(FREQUENCY_LABELS[f])] as const)}
          />
        ) : null}
        <fieldset>
          <legend>{t('Amount')}</legend>
          <div className="size-list donation-amounts">
            {presets.map((cents) => (
              <button
                key={cents}
                type="button"
                className={`size-option${preset === cents && !freeAmount.trim() ? ' is-selected' : ''}`}
                aria-pressed={preset === cents && !freeAmount.trim()}
                onClick={() => {
                  setPreset(cents);
                  setFreeAmount('');
                }}
              >
                {formatPrice(cents)}
              </button>
            ))}
          </div>
          <Field
            label={t('Other amount (€ 1 to € 10,000)')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={freeAmount}
            onChange={(e) => setFreeAmount(e.target.value)}
            error={errors.amount}
          />
        </fieldset>
        {methodList ? (
          <RadioGroup
            legend={t('Payment methods')}
            name="payment_method"
            value={chosenMethod}
            onChange={setMethod}
            options={methodList.map((m) => [m.code, m.title] as const)}
          >
            {errors.method ? <p className="field-error">{t(errors.method)}</p> : null}
          </RadioGroup>
        ) : online && methods.status !== 'loading' ? (
          <p role="alert">{t('The payment methods could not be loaded.')}</p>
        ) : null}
        <Field label={t('Name')} name="name" autoComplete="name" required error={errors.name} />
        <EmailField error={errors.email} />
        {online ? null : <p role="status">{t('Donating needs an internet connection. You are offline.')}</p>}
        <Button type="submit" disabled={!online || sending || !methodList}>
          {amountText
            ? t(frequency === 'monthly' ? 'Donate {amount} per month' : 'Donate {amount}', { amount: amountText })
            : t('Donate')}
        </Button>
      </form>
    </section>
  );
}
