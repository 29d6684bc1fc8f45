import { checksumOf, isSameCartItem, serverLineId } from './item-identity.ts';
import type { CartLine } from './types.ts';

/** Key of a guest line: its device id, or, for a line without one, its sku and options checksum. */
export function guestLineKey(item: CartLine): string {
  return item.local_id ? `local:${item.local_id}` : `line:${item.sku}#${checksumOf(item)}`;
}

/** Key of an account line in a merge result, so the whole result counts as merged (see below). */
export function accountLineKey(item: CartLine): string {
  return `account:${serverLineId(item) ?? `${item.sku}#${checksumOf(item)}`}`;
}

/**
 * Guest cart + account cart on login (spec 000 §4 "Authorizing … connects and merges quantities"): the quantities of
 * the same item are summed ONCE — a reload or a second tab must never double them. Returns the new client cart; the
 * caller then runs mergeCart with the client state forced to push it.
 *
 * Why it is idempotent: every line that took a guest line in records that guest line's key in `merged_from`
 * (persist it with the item); account lines the guest did not touch get their own `account:` key, so every line
of a result is marked.
 * - A guest line whose key an account line already lists was counted before: it is skipped.
 * - A guest line that itself carries `merged_from` is an earlier merge result (e.g. the device reloaded after merging
 *   but before the server was updated): its quantity already includes the account quantity, so it wins as it is
 *   instead of being summed again.
 * So `merge(guest, merge(guest, account))` equals `merge(guest, account)`, and `merge(merge(guest, account), account)`
 * gives the same quantities.
 *
 * A summed line keeps the guest line's local fields (local_id, display data) and takes the account line's server ids;
 * a guest-only line drops the guest cart's server ids, which mean nothing in the account cart.
 */
export function mergeGuestIntoAccountCart<G extends CartLine, A extends CartLine>(
  guestItems: readonly G[],
  accountItems: readonly A[],
): Array<G | A> {
  const result: Array<G | A> = accountItems.map((item) => ({
    ...item,
    merged_from: item.merged_from?.length ? item.merged_from : [accountLineKey(item)],
  }));
  const touched = new Set<number>();

  for (const guest of guestItems) {
    const key = guestLineKey(guest);
    if (result.some((line) => line.merged_from?.includes(key))) continue;

    const index = result.findIndex((line, i) => !touched.has(i) && isSameCartItem(line, guest));
    const alreadyMerged = (guest.merged_from?.length ?? 0) > 0;

    if (index < 0) {
      const line: G = alreadyMerged
        ? { ...guest }
        : { ...guest, item_id: null, server_cart_id: null, merged_from: [key] };
      result.push(line);
      touched.add(result.length - 1);
      continue;
    }

    const account = result[index];
    const mergedFrom = [...new Set([...(account.merged_from ?? []), ...(guest.merged_from ?? []), key])];
    result[index] = {
      ...guest,
      qty: alreadyMerged ? guest.qty : guest.qty + account.qty,
      item_id: account.item_id ?? null,
      server_cart_id: account.server_cart_id ?? null,
      merged_from: mergedFrom,
    };
    touched.add(index);
  }
  return result;
}
