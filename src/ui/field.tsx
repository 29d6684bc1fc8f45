import { useId, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { t } from '../lib/i18n/index.ts';

/** A labelled input with its validation message (a message key) tied to it by aria-describedby. */
export function Field({ label, error, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {input.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} {...input} />
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
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: readonly (readonly [value: string, label: string])[] }) {
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
