/**
 * The cart merge rules of spec 000 §4 "Merge rules", as one pure function from (client items, server items, flags,
 * options) to a list of actions. The worker's sync engine executes the actions (server calls, local writes); this
 * module decides them. Rules:
 * - Per client item the server lacks: push it to the server again — or remove it locally when
 *   serverSyncCanRemoveLocalItems is on and the client state is not forced.
 * - Per matched item with a quantity mismatch: update the server quantity — or adopt the server quantity locally when
 *   serverSyncCanModifyLocalItems is on and the client state is not forced.
 * - Per server item with no client match: delete it on the server when the client state is forced, otherwise fetch
 *   the product and add it locally.
 * - Per matched item whose unit price differs from the server's: take the server's price locally (the server's
 *   price is what it charges, e.g. a member's personal price, spec 000 §6; the client cannot set a price, so this
 *   holds whether or not the client state is forced).
 * - A dry run only reports differences.
 * - serverMergeByDefault off means every sync forces the client state (Vue Storefront's
 *   `forceClientState || !serverMergeByDefault`).
 * Matching uses cart item identity (item-identity.ts), one client line to one server line.
 */
import { toCents } from '../money.ts';
import { isSameCartItem, serverLineId } from './item-identity.ts';
import type { CartLine } from './types.ts';

export { mergeGuestIntoAccountCart, guestLineKey } from './guest-merge.ts';

export interface MergeFlags {
  /** cart.serverMergeByDefault: when off, every merge forces the client state. */
  serverMergeByDefault: boolean;
  /** cart.serverSyncCanRemoveLocalItems: an item the server lacks is removed locally instead of pushed. */
  serverSyncCanRemoveLocalItems: boolean;
  /** cart.serverSyncCanModifyLocalItems: a quantity mismatch is settled with the server's quantity. */
  serverSyncCanModifyLocalItems: boolean;
}

/** The shop's configuration (spec 000 §4): merge on, the server can neither remove nor modify local items. */
export const DEFAULT_MERGE_FLAGS: Readonly<MergeFlags> = Object.freeze({
  serverMergeByDefault: true,
  serverSyncCanRemoveLocalItems: false,
  serverSyncCanModifyLocalItems: false,
});

export interface MergeOptions {
  /** The shopper's edits and checkout force the client state: the server must become what the device shows. */
  forceClientState: boolean;
  /** Only report differences; the result then holds `report` actions alone, which change nothing. */
  dryRun: boolean;
}

/** A server line as the merge needs it: the server always knows its own line id, and may send its unit price. */
export type ServerLine = CartLine & { item_id: number | string; price?: number };

/** A client line as the merge needs it: the unit price it shows, in euros incl. tax, when it has one. */
export type ClientLine = CartLine & { price_incl_tax?: number };

/** A difference between the two carts, named after the side that lacks something (Vue Storefront's diff log). */
export type MergeDiff =
  | { party: 'server'; status: 'no-item'; sku: string; clientQty: number }
  | { party: 'server'; status: 'wrong-qty'; sku: string; clientQty: number; serverQty: number }
  | { party: 'client'; status: 'no-item'; sku: string; serverQty: number };

export type MergeAction<C extends ClientLine = ClientLine, S extends ServerLine = ServerLine> =
  /** A client item the server lacks: send it (cart update without item id). */
  | { type: 'push-to-server'; item: C }
  /** A client item the server lacks, removed locally (only with serverSyncCanRemoveLocalItems, not forced). */
  | { type: 'remove-local'; item: C }
  /** Quantities differ: set the server line to the client quantity. */
  | { type: 'update-server-qty'; item: C; serverItem: S }
  /** Quantities differ: take the server quantity locally (only with serverSyncCanModifyLocalItems, not forced). */
  | { type: 'adopt-server-qty'; item: C; serverItem: S }
  /** A server line with no client match while the client state is forced: delete it on the server. */
  | { type: 'delete-on-server'; serverItem: S }
  /** A server line with no client match: fetch its product and add it locally (without a server call). */
  | { type: 'add-from-server'; serverItem: S }
  /** A matched client item lacks the server's line id (or holds an old one): store item_id/server_cart_id. */
  | { type: 'link-server-id'; item: C; serverItem: S }
  /** A matched client item shows another unit price than the server charges: store the server's price locally. */
  | { type: 'adopt-server-price'; item: C; serverItem: S }
  /** Dry run only: a difference, for the log. Executing it changes nothing. */
  | { type: 'report'; diff: MergeDiff };

export interface CartMatch<C extends CartLine, S extends CartLine> {
  pairs: Array<{ item: C; serverItem: S }>;
  clientOnly: C[];
  serverOnly: S[];
}

/**
 * Pairs each client line with at most one server line. Lines already linked by the server's line id pair first, so
 * an identity that matches by sku cannot steal a line another client item is linked to.
 */
export function matchCartItems<C extends CartLine, S extends CartLine>(
  clientItems: readonly C[],
  serverItems: readonly S[],
): CartMatch<C, S> {
  const serverFor = new Map<number, number>();
  const used = new Set<number>();
  clientItems.forEach((item, ci) => {
    const id = serverLineId(item);
    if (id === null) return;
    const si = serverItems.findIndex((s, i) => !used.has(i) && serverLineId(s) === id && isSameCartItem(item, s));
    if (si >= 0) {
      serverFor.set(ci, si);
      used.add(si);
    }
  });
  clientItems.forEach((item, ci) => {
    if (serverFor.has(ci)) return;
    const si = serverItems.findIndex((s, i) => !used.has(i) && isSameCartItem(item, s));
    if (si >= 0) {
      serverFor.set(ci, si);
      used.add(si);
    }
  });
  const pairs: Array<{ item: C; serverItem: S }> = [];
  const clientOnly: C[] = [];
  clientItems.forEach((item, ci) => {
    const si = serverFor.get(ci);
    if (si === undefined) clientOnly.push(item);
    else pairs.push({ item, serverItem: serverItems[si] });
  });
  return { pairs, clientOnly, serverOnly: serverItems.filter((_, i) => !used.has(i)) };
}

/** Differences between the carts, in the order the merge visits them (client items first). */
export function cartDiffs(clientItems: readonly CartLine[], serverItems: readonly ServerLine[]): MergeDiff[] {
  const { pairs, clientOnly, serverOnly } = matchCartItems(clientItems, serverItems);
  const diffs: MergeDiff[] = [];
  for (const item of clientItems) {
    if (clientOnly.includes(item)) {
      diffs.push({ party: 'server', status: 'no-item', sku: item.sku, clientQty: item.qty });
      continue;
    }
    const pair = pairs.find((p) => p.item === item);
    if (pair && pair.serverItem.qty !== item.qty) {
      diffs.push({
        party: 'server',
        status: 'wrong-qty',
        sku: item.sku,
        clientQty: item.qty,
        serverQty: pair.serverItem.qty,
      });
    }
  }
  for (const serverItem of serverOnly) {
    diffs.push({ party: 'client', status: 'no-item', sku: serverItem.sku, serverQty: serverItem.qty });
  }
  return diffs;
}

function chargedOtherPrice(item: ClientLine, serverItem: ServerLine): boolean {
  const charged = serverItem.price;
  if (typeof charged !== 'number' || !Number.isFinite(charged)) return false;
  const shown = item.price_incl_tax;
  return typeof shown !== 'number' || !Number.isFinite(shown) || toCents(shown) !== toCents(charged);
}

function needsLink(item: CartLine, serverItem: ServerLine): boolean {
  const linked = item.item_id;
  return linked === null || linked === undefined || String(linked) !== String(serverItem.item_id);
}

/**
 * Spec 000 §4 "Merge rules" (see the module comment). Actions come in the order client items, then server-only
 * items, then id links and prices; each client and server line appears in at most one quantity/presence action.
 */
export function mergeCart<C extends ClientLine, S extends ServerLine>(
  clientItems: readonly C[],
  serverItems: readonly S[],
  flags: MergeFlags = DEFAULT_MERGE_FLAGS,
  options: MergeOptions = { forceClientState: false, dryRun: false },
): Array<MergeAction<C, S>> {
  if (options.dryRun) {
    return cartDiffs(clientItems, serverItems).map((diff) => ({ type: 'report', diff }));
  }
  const forced = options.forceClientState || !flags.serverMergeByDefault;
  const { pairs, clientOnly, serverOnly } = matchCartItems(clientItems, serverItems);
  const actions: Array<MergeAction<C, S>> = [];

  for (const item of clientItems) {
    if (clientOnly.includes(item)) {
      actions.push(
        !forced && flags.serverSyncCanRemoveLocalItems
          ? { type: 'remove-local', item }
          : { type: 'push-to-server', item },
      );
      continue;
    }
    const pair = pairs.find((p) => p.item === item);
    if (pair && pair.serverItem.qty !== item.qty) {
      actions.push(
        !forced && flags.serverSyncCanModifyLocalItems
          ? { type: 'adopt-server-qty', item, serverItem: pair.serverItem }
          : { type: 'update-server-qty', item, serverItem: pair.serverItem },
      );
    }
  }
  for (const serverItem of serverOnly) {
    actions.push(forced ? { type: 'delete-on-server', serverItem } : { type: 'add-from-server', serverItem });
  }
  for (const { item, serverItem } of pairs) {
    if (needsLink(item, serverItem)) actions.push({ type: 'link-server-id', item, serverItem });
    if (chargedOtherPrice(item, serverItem)) actions.push({ type: 'adopt-server-price', item, serverItem });
  }
  return actions;
}
