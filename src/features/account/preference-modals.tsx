import type { FormEvent, ReactNode } from 'react';
import { t } from './account-texts.ts';
import type { ModalProps } from '../../lib/modals.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';

/** Spec 001 §2 modal "store select": the favourite store of Mijn voorkeuren; the choice goes back to its form. */
export function StoreSelectModal({ payload, onClose }: ModalProps<'store-select'>) {
  return (
    <ChoiceModal
      title={t('Choose your favourite store')}
      onClose={onClose}
      onChoose={(form) => {
        const value = String(form.get('store') ?? '');
        payload.onSelect(value ? Number(value) : null);
      }}
    >
      <label>
        <input type="radio" name="store" value="" defaultChecked={payload.selected === null} /> {t('No preference')}
      </label>
      {payload.options.map((s) => (
        <label key={s.id}>
          <input type="radio" name="store" value={s.id} defaultChecked={payload.selected === s.id} /> {s.name} ·{' '}
          {s.city}
        </label>
      ))}
    </ChoiceModal>
  );
}

/** Spec 001 §2 modal "brand select": the favourite brands of Mijn voorkeuren. */
export function BrandSelectModal({ payload, onClose }: ModalProps<'brand-select'>) {
  return (
    <ChoiceModal
      title={t('Choose your favourite brands')}
      onClose={onClose}
      onChoose={(form) => payload.onSelect(form.getAll('brand').map(Number))}
    >
      {payload.options.map((b) => (
        <label key={b.value}>
          <input type="checkbox" name="brand" value={b.value} defaultChecked={payload.selected.includes(b.value)} />{' '}
          {b.label}
        </label>
      ))}
    </ChoiceModal>
  );
}

/**
 * A modal with a list of choices and one "Kiezen" button, which chooses and closes. Every opening is a new one (the
 * registry's id), so the form starts from the current choice.
 */
function ChoiceModal(props: {
  title: string;
  onClose: () => void;
  onChoose: (form: FormData) => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    props.onChoose(new FormData(e.currentTarget));
    props.onClose();
  };
  return (
    <Modal open title={props.title} onClose={props.onClose}>
      <form className="choice-list" onSubmit={submit}>
        <div className="choice-options">{props.children}</div>
        <Button type="submit">{t('Choose')}</Button>
      </form>
    </Modal>
  );
}
