/** Spec 000 §9 "Checkout activity window 30 minutes". */
export const CHECKOUT_ACTIVITY_WINDOW_MS = 30 * 60_000;

/**
 * The user counts as in checkout if the last modification was within 30 minutes (spec 000 §4). `lastActivity` is the
 * time of the last change to the checkout details in ms, 0 when there is none.
 */
export function isInCheckout(lastActivity: number, now: number): boolean {
  return lastActivity > 0 && now - lastActivity < CHECKOUT_ACTIVITY_WINDOW_MS;
}
