/** A pause: the queue's backoff, the storage's reopening and the background send all wait with it. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
