import type { InputHTMLAttributes } from 'react';
import { Field } from '../../ui/field.tsx';
import type { CheckoutDraft, StepProps } from './checkout-draft.ts';

type TextField = { [K in keyof CheckoutDraft]: CheckoutDraft[K] extends string ? K : never }[keyof CheckoutDraft];

/** A labelled input bound to one text value of the checkout form. */
export function DraftField({
  field,
  draft,
  onChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> &
  Pick<StepProps, 'draft' | 'onChange'> & { field: TextField; label: string; error?: string | null }) {
  return <Field name={field} {...input} value={draft[field]} onChange={(e) => onChange({ [field]: e.target.value })} />;
}
