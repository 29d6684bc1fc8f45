import { EARLY_TAP_HOOK, EARLY_TAP_PRESSED } from '../../domain/app-start.ts';
import { afterNextPaint } from '../lib/after-paint.ts';

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
  /** Called by the starter after it has kept an action (and shown its control pressed). */
  onKeep: (() => void) | null;
}

/** The starter's queue, or nothing (a page without the starter: the offline shell, the dev server). */
export function takeEarlyInput(): EarlyInput | null {
  const take = (window as unknown as Record<string, (() => EarlyInput) | undefined>)[EARLY_TAP_HOOK];
  return take ? take() : null;
}

/**
 * Makes React hydrate the page in one go once the shopper has done something, instead of in slices between other
 * work: the kept action waits for hydration (a tap on "In winkelwagen" counts only then), and hydration in slices took
 * about twice as long on a phone four times slower (docs/server-rendering.md "How a tap travels from the first paint
 * to the worker"). Sent after the frame that shows the kept tap pressed, so the shopper sees the tap taken first.
 */
export function hydrateAtOnceWhenUsed(early: EarlyInput | null): void {
  if (!early) return;
  const hurry = () => {
    early.onKeep = null;
    const target = early.queue[0]?.target ?? document.body;
    afterNextPaint(() => hydrateNow(target));
  };
  if (early.queue.length > 0) hurry();
  else early.onKeep = hurry;
}

/**
 * Asks React to hydrate, at once, the element and the parts of the page above it (the root, and each Suspense
 * boundary on the way: the route's contents, the footer). React does that for a discrete event aimed at a part it has
 * not hydrated yet (selective hydration). A `pointercancel` starts no handler of the app, has no default action, and
 * the starter lets an untrusted event through.
 */
function hydrateNow(element: Element): void {
  element.dispatchEvent(new PointerEvent('pointercancel', { bubbles: true }));
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

/**
 * Resolves when React has hydrated the element (it carries React's props), or after 5 s (it never will: replay). A part
 * of the page React left for later (a Suspense boundary) is hydrated now, not when React gets round to it.
 */
async function hydratedElement(element: Element): Promise<void> {
  const started = performance.now();
  let wait = 0;
  let asked = -Infinity;
  do {
    await new Promise<void>((resolve) => setTimeout(resolve, wait));
    wait = 20;
    if (!hydrated(element) && performance.now() - asked > 200) {
      asked = performance.now();
      hydrateNow(element);
    }
  } while (element.isConnected && !hydrated(element) && performance.now() - started < 5_000);
}

const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

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
