import type { Product, ParcelCarrier, ParcelShop } from '../../worker/api-types.ts';
import type { SizeConversion, SizeSystem } from '../../domain/catalog/size-conversion.ts';
import { createStore, useStore } from './store.ts';

/** The size guide's product: its size option and size systems (src/features/product/size-guide-table.tsx). */
export interface SizeGuidePayload {
  option: NonNullable<Product['configurable_options']>[number];
  conversion: SizeConversion;
  selectedLabel: string | null;
  system: SizeSystem;
}

/** A list of choices whose pick goes back to the page that opened it (store select, brand select). */
export interface ChoicePayload<Option, Value> {
  options: Option[];
  selected: Value;
  onSelect: (value: Value) => void;
}

/** The product a product modal (its reviews, its journey) is about. */
export interface ProductModalPayload {
  sku: string;
  name: string;
}

/** Spec 001 §2 "Modals that can be opened by name": every name and the payload it opens with. */
export interface ModalPayloads {
  'review': ProductModalPayload;
  'tex-tracer': ProductModalPayload;
  'authentication': { reason?: string } | undefined;
  'size-guide': SizeGuidePayload;
  'terms': undefined;
  'privacy': undefined;
  'feature-not-implemented': { feature: string };
  'language-switcher': undefined;
  'order-confirmation': { onLater: () => void };
  'newsletter': undefined;
  'service-points': {
    carrier: ParcelCarrier;
    country: string;
    postcode: string;
    value: ParcelShop | null;
    onChange: (shop: ParcelShop) => void;
  };
  'store-pickup': undefined;
  'customer-service': undefined;
  'store-select': ChoicePayload<{ id: number; name: string; city: string }, number | null>;
  'brand-select': ChoicePayload<{ value: number; label: string }, number[]>;
}

export type ModalName = keyof ModalPayloads;

/** What the host gives a registered modal: its payload, whether it is open (a sheet stays mounted shut), and close. */
export interface ModalProps<N extends ModalName> {
  payload: ModalPayloads[N];
  open: boolean;
  onClose: () => void;
}

/** Every name of the spec's list, in its order. */
export const MODAL_NAMES = [
  'review',
  'authentication',
  'size-guide',
  'terms',
  'privacy',
  'feature-not-implemented',
  'language-switcher',
  'order-confirmation',
  'newsletter',
  'service-points',
  'store-pickup',
  'customer-service',
  'store-select',
  'brand-select',
  'tex-tracer',
] as const satisfies readonly ModalName[];

/** One opening of a modal: `id` is new on every opening, so the host draws a reopened modal as a new dialog. */
export interface OpenModal<N extends ModalName = ModalName> {
  name: N;
  payload: ModalPayloads[N];
  id: number;
}

/**
 * Spec 001 §4 "General modals: a list of active and a list of loaded modals". `active` are the open ones with their
 * payloads, in the order they opened (the last one on top); `loaded` are the names opened at least once, whose code
 * the host keeps (a bottom sheet stays mounted to animate shut).
 */
export interface ModalState {
  active: OpenModal[];
  loaded: ModalName[];
}

export const modalStore = createStore<ModalState>({ active: [], loaded: [] });

let nextId = 1;

/** Opening first closes a same-named modal, then stores the payload and marks it active (spec 001 §4). */
export function openModal<N extends ModalName>(
  name: N,
  ...[payload]: undefined extends ModalPayloads[N] ? [payload?: ModalPayloads[N]] : [payload: ModalPayloads[N]]
): void {
  closeModal(name);
  const opened = { name, payload, id: nextId++ } as OpenModal;
  modalStore.set((s) => ({
    active: [...s.active, opened],
    loaded: s.loaded.includes(name) ? s.loaded : [...s.loaded, name],
  }));
}

/** Closing removes the modal and its payload. */
export function closeModal(name: ModalName): void {
  modalStore.set((s) =>
    s.active.some((m) => m.name === name) ? { ...s, active: s.active.filter((m) => m.name !== name) } : s,
  );
}

/** Closes every open modal but the `kept` ones. */
export function closeAllModals(kept: readonly ModalName[] = []): void {
  modalStore.set((s) =>
    s.active.some((m) => !kept.includes(m.name)) ? { ...s, active: s.active.filter((m) => kept.includes(m.name)) } : s,
  );
}

export function openModalOf<N extends ModalName>(state: ModalState, name: N): OpenModal<N> | undefined {
  return state.active.find((m) => m.name === name) as OpenModal<N> | undefined;
}

/** Whether `name` is open, its payload, and how to open and close it. */
export function useModal<N extends ModalName>(name: N) {
  const opened = openModalOf(useStore(modalStore), name);
  return {
    open: opened !== undefined,
    payload: opened?.payload,
    close: () => closeModal(name),
  };
}
