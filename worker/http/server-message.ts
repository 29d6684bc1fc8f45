import type { Envelope } from '../../contract/envelope.ts';

/**
 * Spec 000 §8 "Handling of server errors": the text to show comes from `result` (a string, or an object with
 * `message`/`errorMessage`) or from a top-level `message`.
 */
export function serverMessage(response: Envelope & { message?: unknown }): string | null {
  const { result } = response;
  if (typeof result === 'string' && result) return result;
  if (result && typeof result === 'object') {
    const r = result as Record<string, unknown>;
    for (const key of ['message', 'errorMessage']) if (typeof r[key] === 'string' && r[key]) return r[key] as string;
  }
  const top = (response as { message?: unknown }).message;
  return typeof top === 'string' && top ? top : null;
}

/**
 * The server's reason as a shopper reads it: without the field a 400 names for API callers ("body.pin: een pincode
 * bestaat uit 4 cijfers" → "Een pincode bestaat uit 4 cijfers").
 */
export function fieldlessMessage(response: Envelope): string | undefined {
  const text = serverMessage(response)?.replace(/^body\.\w+:\s*/, '');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : undefined;
}
