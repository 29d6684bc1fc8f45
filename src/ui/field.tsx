import { useId, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { t } from '../lib/i18n/index.ts';

/** A labelled input with its validation message (a message key) tied to it by aria-describedby. */
export function Field({
  label,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {input.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-err`} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled select; each option is [value, message key of its label]. */
export function SelectField({
  label,
  options,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {t(text)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The cart's quantity choice (spec 001 §4): 1 to 10, or up to the current quantity when that is higher. */
export function QtySelect({ value, onChange }: { value: number; onChange: (qty: number) => void }) {
  return (
    <label className="cart-qty">
      <span>{t('Quantity')}</span>
      <select value={value} onChange={(e) => onChange(Number.parseInt(e.target.value, 10))}>
        {Array.from({ length: Math.max(10, value) }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A fieldset of radio buttons, the first checked; each option is [value, label]. */
export function RadioGroup({
  legend,
  name,
  options,
}: {
  legend: string;
  name: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {options.map(([value, label], i) => (
        <label key={value} className="radio">
          <input type="radio" name={name} value={value} defaultChecked={i === 0} /> {label}
        </label>
      ))}
    </fieldset>
  );
}
