import { AUTH_MESSAGES } from '../auth/messages.ts';
import { CART_MESSAGES } from '../pricing/messages.ts';
import { ORDER_MESSAGES } from './order-messages.ts';

/** The session message was the cart's once: it keeps its `cart_` label so the metric's series stay continuous. */
const CART_LABELLED = { ...CART_MESSAGES, invalidToken: AUTH_MESSAGES.invalidToken };

const KNOWN: Map<string, string> = new Map([
  ...Object.entries(ORDER_MESSAGES).map(([key, text]) => [text, key] as [string, string]),
  ...(Object.entries(CART_LABELLED) as [string, unknown][])
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([key, text]) => [text, `cart_${key}`] as [string, string]),
]);

/**
 * The metric label for a refused order: the name of the message it was refused with, `validation` for a body the
 * schema refused, else the status code. Never the message itself (it may name a field value). The orders area names
 * its own outcomes; metrics/counters.ts counts the label it is given.
 */
export function orderRejectionReason(error: { statusCode?: number; message: string; validation?: unknown }): string {
  if (error.validation) return 'validation';
  const known = KNOWN.get(error.message);
  if (known) return known;
  if (error.message.startsWith('body.')) return 'validation';
  return `status_${error.statusCode ?? 500}`;
}
