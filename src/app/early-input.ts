import { EARLY_TAP_HOOK, EARLY_TAP_PRESSED } from '../../domain/app-start.ts';
import { afterNextPaint } from '../lib/after-paint.ts';

/** One thing a shopper did on the server's page before the app had hydrated, as the keeper kept it. */
export type EarlyAction =
  | { type: 'click'; target: HTMLElement; choice: EarlyChoice | null }
  | { type: 'submit'; target: HTMLFormElement; submitter: HTMLElement | null }
  | { type: 'input'; target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement };

/**
 * A kept tap on a checkbox: the keeper shows the box's new state in the frame after the tap (`shown`; `was` the state
 * before). The replay puts `was` back and clicks (`done`).
 */
export interface EarlyChoice {
  box: HTMLInputElement;
  was: boolean;
  shown: boolean;
  done: boolean;
}

/** The early-input keeper's queue (src/app/early-input-keeper.ts): it keeps filling until `release`. */
export interface EarlyInput {
  queue: EarlyAction[];
  /** True while the app dispatches a kept action again: the keeper lets that one through. */
  passing: boolean;
  /** Set once the app's root has hydrated: the keeper keeps a link's click too, for the router to follow. */
  links: boolean;
  /** Set by `release`: React sees every tap and key from then on (the keeper still shows a touched control pressed). */
  released: boolean;
  /** The keeper stops listening: React sees every tap and key itself from then on. */
  release: () => void;
  /** Called by the keeper after it has kept an action (and shown its control pressed). */
  onKeep: (() => void) | null;
  /** The shop worker the app starter started once the app's files had arrived (server/pages/app-starter.ts), if it did. */
  worker: Worker | null;
  /** Set when the app takes the worker (`takeStartedWorker`): the starter starts none after that. */
  workerTaken: boolean;
}

/** The keeper's queue, or nothing (a page without the keeper: the offline shell, the dev server). */
export function takeEarlyInput(): EarlyInput | null {
  const take = (window as unknown as Record<string, (() => EarlyInput) | undefined>)[EARLY_TAP_HOOK];
  return take ? take() : null;
}

/** The shop worker the app starter started, or null (the app starts its own); the starter starts none after this. */
export function takeStartedWorker(): Worker | null {
  const early = takeEarlyInput();
  if (!early) return null;
  early.workerTaken = true;
  return early.worker;
}

/**
 * Makes React hydrate the page in one go once the shopper has done something, instead of in slices between other
 * work: the kept action waits for hydration (a tap on "In winkelwagen" counts only then), and hydration in slices took
 * about twice as long on a phone four times slower (docs/server-rendering.md "How a tap travels from the first paint
 * to the worker"). Sent after the frame that shows the kept tap pressed, so the shopper sees the tap taken first.
 */
export function hydrateAtOnceWhenUsed(early: EarlyInput | null): void {
  if (!early) return;
  let hurried = false;
  // once: the replay calls it again with its own work (replayEarlyInput)
  const hurry = () => {
    if (hurried) return;
    hurried = true;
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
 * the keeper lets an untrusted event through.
 */
function hydrateNow(element: Element): void {
  element.dispatchEvent(new PointerEvent('pointercancel', { bubbles: true }));
}

/**
 * Does what the shopper did before the app had hydrated, in their order, once each, now that the page is the app's
 * (hydration keeps the server's elements; docs/server-rendering.md "How a tap travels from the first paint to the
 * worker"). Called when the root's hydration has committed. Each action waits until what the one before it started is
 * on the screen (`settled`: the size tapped is the page's size before "In winkelwagen" is tapped again). Taps made
 * meanwhile join the queue behind them; the keeper is released only when the queue is empty, so none slips past it
 * or overtakes it, and only when the whole page is hydrated: React hydrates a route's contents (and the footer) after
 * the root, and a tap it saw on a part still dehydrated would make it hydrate that part inside the tap's `pointerdown`,
 * before the frame that shows the tap taken (~235 ms on a product page at 4x CPU). Once both hold it is released at
 * once, right after the last replay, not when what that started is on the screen.
 */
export async function replayEarlyInput(early: EarlyInput | null, settled: () => Promise<void>): Promise<void> {
  if (!early) return;
  const { queue } = early;
  early.links = true;
  // (not from inside React's commit, which calls this: the scan of the page is a task's work of its own)
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  const dehydrated = dehydratedParts();
  const holdUntil = performance.now() + HOLD_LIMIT_MS;
  // (no await between this check and the release: a tap kept in between would never be replayed)
  const done = () => queue.length === 0 && (dehydrated() === 0 || performance.now() > holdUntil);
  const keepChoicesShown = choicesKeeper(early);
  // A tick kept while the action before it settles is kept shown from then on, not from the loop's next turn: React,
  // rendering what that action started, would set its box back meanwhile.
  const kept = early.onKeep;
  early.onKeep = () => {
    kept?.();
    keepChoicesShown();
  };
  while (!done()) {
    keepChoicesShown();
    if (queue.length === 0) {
      await new Promise<void>((resolve) => setTimeout(resolve, 100));
      continue;
    }
    // Never from inside React's commit (hydration calls replayEarlyInput from an effect, and it waits a task first):
    // React hydrates a part of the page an event needs there and then only from a task of its own. And parts of the
    // page (a route's contents) hydrate after the root: the action waits until React has its element.
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
    // The last kept tap is done and React has the whole page: it takes the next tap itself, now, not once what this
    // one started is on the screen. A control this tap brought up (the filter panel's ticks) is tapped the moment it
    // shows, and kept, it would show only pressed until its own replay.
    if (done()) break;
    // A tick right after a tick is done at once: it needs only the app's state, which the tick before set in its own
    // task, while the screen in between would show its box as the app had it (the router renders the first tick's
    // page in a frame callback of its own, after the one that shows the boxes).
    if (choiceOf(action) && queue.length > 0 && choiceOf(queue[0])) continue;
    await settled();
  }
  early.release();
}

/** How long the keeper may hold a page whose parts React has not hydrated (one may be outside React's reach). */
const HOLD_LIMIT_MS = 5_000;

/**
 * Shows the boxes of the ticks still waiting as tapped, before every frame while one waits: React, rendering what came
 * before them (the tick before, the page's data), sets a controlled box to the app's state, which knows of them only
 * from their replay. (In queue order: of two taps on one box the last one shows.) Only while a tick waits: a frame
 * callback every frame keeps the page drawing frames. Call it when a tick may have joined the queue.
 */
function choicesKeeper(early: EarlyInput): () => void {
  let looking = false;
  const frame = () => {
    let waiting = false;
    for (const action of early.queue) {
      const choice = choiceOf(action);
      if (!choice) continue;
      waiting = true;
      if (choice.shown) choice.box.checked = !choice.was;
    }
    looking = waiting && !early.released;
    if (looking) requestAnimationFrame(frame);
  };
  return () => {
    if (looking || !early.queue.some(choiceOf)) return;
    looking = true;
    requestAnimationFrame(frame);
  };
}

/**
 * Counts the controls and links React has not hydrated yet. The first call lists them; later calls look at those only
 * (React's new elements are hydrated by birth, and a hydrated element stays so).
 */
function dehydratedParts(): () => number {
  let pending = [
    ...document.querySelectorAll('a[href], button, label, summary, input, select, textarea, [role="button"]'),
  ].filter((element) => !hydrated(element));
  return () => {
    pending = pending.filter((element) => element.isConnected && !hydrated(element));
    return pending.length;
  };
}

/**
 * Resolves when React has hydrated the element (it carries React's props), or after 5 s (it never will: replay). A part
 * of the page React left for later (a Suspense boundary) is hydrated now, not when React gets round to it: asked at
 * once, in the caller's task (never React's commit), not a task later (30–100 ms later on a phone four times slower).
 */
async function hydratedElement(element: Element): Promise<void> {
  const started = performance.now();
  let asked = -Infinity;
  while (element.isConnected && !hydrated(element) && performance.now() - started < 5_000) {
    if (performance.now() - asked > 200) {
      asked = performance.now();
      hydrateNow(element);
      // React hydrated it in the event, most often: no task's wait behind the effects that hydration queued
      continue;
    }
    await new Promise<void>((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * True when React has hydrated the element: it carries React's props, or it is part of HTML React inserts whole (a CMS
 * page's text, `dangerouslySetInnerHTML`), whose nearest element with React's props holds that HTML.
 */
function hydrated(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const key = Object.keys(node).find((name) => name.startsWith('__reactProps$'));
    if (key) return node === element || 'dangerouslySetInnerHTML' in (node as unknown as Record<string, object>)[key];
  }
  return false;
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
      if (action.choice) putBack(action.choice);
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

/** A kept tick's box, or null for any other kept action. */
function choiceOf(action: EarlyAction): EarlyChoice | null {
  return action.type === 'click' ? action.choice : null;
}

/** The box's state from before the kept tap, which the replay's click then changes as the tap did: the app sees it. */
function putBack(choice: EarlyChoice): void {
  choice.done = true;
  if (choice.shown) choice.box.checked = choice.was;
}
