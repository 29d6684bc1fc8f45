import { afterEach, describe, expect, test } from 'vitest';
import {
  closeAllModals,
  closeModal,
  MODAL_NAMES,
  modalStore,
  openModal,
  openModalOf,
} from '../../../../src/lib/modals.ts';

/** Spec 001 §2 "Modals that can be opened by name" and §4 "General modals". */
describe('modal registry', () => {
  afterEach(() => closeAllModals());

  test('opening stores the payload and marks the modal active and loaded', () => {
    openModal('feature-not-implemented', { feature: 'Cadeauverpakking' });
    const state = modalStore.get();
    expect(state.active.map((m) => m.name)).toEqual(['feature-not-implemented']);
    expect(openModalOf(state, 'feature-not-implemented')?.payload).toEqual({ feature: 'Cadeauverpakking' });
    expect(state.loaded).toContain('feature-not-implemented');
  });

  test('opening a name again closes the same-named modal first: one opening, the new payload, a new id', () => {
    openModal('feature-not-implemented', { feature: 'a' });
    const first = openModalOf(modalStore.get(), 'feature-not-implemented')!;
    openModal('terms');
    openModal('feature-not-implemented', { feature: 'b' });
    const active = modalStore.get().active;
    expect(active.filter((m) => m.name === 'feature-not-implemented')).toHaveLength(1);
    const second = openModalOf(modalStore.get(), 'feature-not-implemented')!;
    expect(second.payload).toEqual({ feature: 'b' });
    expect(second.id).not.toBe(first.id);
    // the reopened one is on top; the other stays open
    expect(active.map((m) => m.name)).toEqual(['terms', 'feature-not-implemented']);
  });

  test('closing removes the modal and its payload and leaves the others; it stays loaded', () => {
    openModal('terms');
    openModal('privacy');
    closeModal('terms');
    const state = modalStore.get();
    expect(state.active.map((m) => m.name)).toEqual(['privacy']);
    expect(openModalOf(state, 'terms')).toBeUndefined();
    expect(state.loaded).toEqual(expect.arrayContaining(['terms', 'privacy']));
  });

  test('closing a modal that is not open changes nothing', () => {
    openModal('privacy');
    const before = modalStore.get();
    closeModal('terms');
    expect(modalStore.get()).toBe(before);
  });

  test('closing all keeps the ones asked for', () => {
    openModal('terms');
    openModal('order-confirmation', { onLater: () => undefined });
    closeAllModals(['order-confirmation']);
    expect(modalStore.get().active.map((m) => m.name)).toEqual(['order-confirmation']);
  });

  test('the registry names every modal of the spec list, reserved ones included', () => {
    expect(MODAL_NAMES).toHaveLength(15);
    expect(MODAL_NAMES).toEqual(expect.arrayContaining(['review', 'tex-tracer', 'terms', 'privacy', 'size-guide']));
  });
});
