import { EARLY_TAP_HOOK, EARLY_TAP_PRESSED } from '../../domain/app-start.ts';

/** One thing a shopper did on the server's page before the app had hydrated, as the starter kept it. */
export type EarlyAction =
  | { type: 'click'; target: HTMLElement }
  | { type: 'submit'; target: HTMLFormElement; submitter: HTMLElement | null }
  | { type: 'input'; target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement };

/** The starter's queue (server/pages/app-starter.ts): it keeps filling until `release`. */
export interface EarlyInput {
  queue: EarlyAction[];
  /** True while the app dispatches a kept action again: the starter lets that one through. */
  passing: boolean;
  /** The starter stops listening: React sees every tap and key itself from then on. */
  release: () => void;
}

/** The starter's queue, or nothing (a page without the starter: the offline shell, the dev server). */
export function takeEarlyInput(): EarlyInput | null {
  const take = (window as unknown as Record<string, (() => EarlyInput) | undefined>)[EARLY_TAP_HOOK];
  return take ? take() : null;
}

/**
 * Does what the shopper did before the app had hydrated, in their order, once each, now that the page is the app's
 * (hydration keeps the server's elements; docs/server-rendering.md "How a tap travels from the first paint to the
 * worker"). Called when hydration has committed. Each action waits until what the one before it started is on the
 * screen (`settled`: the size tapped is the page's size before "In winkelwagen" is tapped again). Taps made meanwhile
 * join the queue behind them; the starter is released only when the queue is empty, so none slips past it or
 * overtakes it.
 */
export async function replayEarlyInput(early: EarlyInput | null, settled: () => Promise<void>): Promise<void> {
  if (!early) return;
  const { queue } = early;
  while (queue.length > 0) {
    // Never from inside React's commit (hydration calls this from an effect): React hydrates a part of the page the
    // event needs there and then only from a task of its own. And parts of the page (a route's contents) hydrate
    // after the root: the action waits until React has its element.
    await hydratedElement(queue[0].target);
    const action = queue.shift()!;
    // the control stays pressed while a later tap on it still waits
    if (!queue.some((next) => pressedOf(next) === pressedOf(action))) unmark(pressedOf(action));
    if (!action.target.isConnected) continue;
    early.passing = true;
    try {
      replay(action);
    } finally {
      early.passing = false;
    }
    await settled();
  }
  early.release();
}

/** Resolves when React has hydrated the element (it carries React's props), or after 5 s (it never will: replay). */
async function hydratedElement(element: Element): Promise<void> {
  const started = performance.now();
  let wait = 0;
  do {
    await new Promise<void>((resolve) => setTimeout(resolve, wait));
    wait = 20;
  } while (
    element.isConnected &&
    !Object.keys(element).some((key) => key.startsWith('__reactProps$')) &&
    performance.now() - started < 5_000
  );
}

function pressedOf(action: EarlyAction): HTMLElement {
  return action.type === 'submit' ? (action.submitter ?? action.target) : action.target;
}

function unmark(element: HTMLElement): void {
  if (!element.classList.contains(EARLY_TAP_PRESSED)) return;
  element.classList.remove(EARLY_TAP_PRESSED);
  element.removeAttribute('aria-busy');
}

function replay(action: EarlyAction): void {
  switch (action.type) {
    case 'click':
      action.target.click();
      return;
    case 'submit':
      action.target.requestSubmit(
        action.submitter && 'form' in action.submitter && action.submitter.form === action.target
          ? action.submitter
          : null,
      );
      return;
    case 'input': {
      const field = action.target;
      // React reads a select's choice from its change event
      if (field instanceof HTMLSelectElement) {
        field.dispatchEvent(new Event('change', { bubbles: true }));
        return;
      }
      // React knows a text field by the value it last saw; through the element it learns '' and then, from the input
      // event, the typed text as a change.
      const value = field.value;
      field.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')!.set!.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}
