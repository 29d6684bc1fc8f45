import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
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

/** The shopper's e-mail address, as every form that asks for it shows it. */
export function EmailField(props: InputHTMLAttributes<HTMLInputElement> & { error?: string | null }) {
  return <Field name="email" type="email" label={t('E-mail address')} autoComplete="email" required {...props} />;
}

const NAME_FIELDS = [
  ['firstname', 'First name', 'given-name'],
  ['lastname', 'Last name', 'family-name'],
] as const;

/** First and last name side by side, as every form that asks for a name shows them; errors are message keys. */
export function NameFields({
  defaults,
  errors,
}: {
  defaults?: { firstname?: string; lastname?: string } | null;
  errors?: { firstname?: string; lastname?: string };
}) {
  return (
    <div className="field-row">
      {NAME_FIELDS.map(([name, label, autoComplete]) => (
        <Field
          key={name}
          name={name}
          label={t(label)}
          defaultValue={defaults?.[name]}
          error={errors?.[name]}
          required
          autoComplete={autoComplete}
        />
      ))}
    </div>
  );
}

/** A labelled checkbox. */
export function CheckField({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <div className="field field-check">
      <label>
        <input type="checkbox" {...input} /> {label}
      </label>
    </div>
  );
}

/** The shop's search box (header and search page): a label only screen readers read and the search input. */
export function SearchField({ id, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t('Search products')}
      </label>
      <input id={id} type="search" placeholder={t('Search products')} {...input} />
    </>
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

/**
 * A fieldset of radio buttons; each option is [value, label]. Uncontrolled the first is checked; with `value` and
 * `onChange` the caller holds the choice. `children` follow the options (a hint, an error).
 */
export function RadioGroup({
  legend,
  name,
  options,
  value,
  onChange,
  children,
}: {
  legend: string;
  name: string;
  options: readonly (readonly [value: string, label: string])[];
  value?: string;
  onChange?: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {options.map(([option, label], i) => (
        <label key={option} className="radio">
          <input
            type="radio"
            name={name}
            value={option}
            {...(onChange
              ? { checked: value === option, onChange: () => onChange(option) }
              : { defaultChecked: i === 0 })}
          />{' '}
          {label}
        </label>
      ))}
      {children}
    </fieldset>
  );
}
