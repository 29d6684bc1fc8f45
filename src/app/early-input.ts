import { EARLY_TAP_HOOK } from '../../domain/app-start.ts';

/** What a shopper did on the server's page before the app ran: the control tapped last, the fields typed into. */
export interface EarlyInput {
  tapped: HTMLElement | null;
  typed: (HTMLInputElement | HTMLTextAreaElement)[];
}

/**
 * What the starter kept (docs/server-rendering.md "Starting the app"), or nothing. Called when the app hydrates:
 * from then on React sees every tap and key itself.
 */
export function takeEarlyInput(): EarlyInput {
  const take = (window as unknown as Record<string, (() => EarlyInput) | undefined>)[EARLY_TAP_HOOK];
  return take ? take() : { tapped: null, typed: [] };
}

/**
 * Replays it, now that the page is the app's (hydration keeps the server's elements): the typed text reaches the
 * app's state as a change of the field, then the control is tapped again.
 */
export function replayEarlyInput({ tapped, typed }: EarlyInput): void {
  setTimeout(() => {
    for (const field of typed) {
      if (!field.isConnected) continue;
      const text = field.value;
      // React knows the field by the value it last saw; through the element it learns '' and then, from the input
      // event, the typed text as a change.
      field.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')!.set!.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (tapped?.isConnected) tapped.click();
  }, 0);
}
