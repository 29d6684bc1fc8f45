import { describe, expect, it } from 'vitest';
import {
  cartDiffs,
  DEFAULT_MERGE_FLAGS,
  matchCartItems,
  mergeCart,
  type MergeFlags,
  type ServerLine,
} from '../../../../domain/cart/merge.ts';
import type { CartItem } from '../../../../domain/cart/types.ts';

const NOT_FORCED = { forceClientState: false, dryRun: false };
const FORCED = { forceClientState: true, dryRun: false };
const DRY = { forceClientState: false, dryRun: true };
const permissive: MergeFlags = {
  serverMergeByDefault: true,
  serverSyncCanRemoveLocalItems: true,
  serverSyncCanModifyLocalItems: true,
};

const client = (sku: string, qty: number, item_id?: number): CartItem => ({ local_id: `l-${sku}`, sku, qty, item_id });
const server = (sku: string, qty: number, item_id: number): ServerLine => ({ sku, qty, item_id });

describe('merge rules (spec 000 §4)', () => {
  it('the shop configuration: merge and server sync on, the server cannot remove or modify local items', () => {
    expect(DEFAULT_MERGE_FLAGS).toEqual({
      serverMergeByDefault: true,
      serverSyncCanRemoveLocalItems: false,
      serverSyncCanModifyLocalItems: false,
    });
  });

  it('per client item the server lacks: the client item is pushed again', () => {
    const item = client('SHIRT', 2);
    expect(mergeCart([item], [], DEFAULT_MERGE_FLAGS, NOT_FORCED)).toEqual([{ type: 'push-to-server', item }]);
  });

  it('per client item the server lacks: removed locally when the config allows and the client state is not forced', () => {
    const item = client('SHIRT', 2, 11);
    expect(mergeCart([item], [], permissive, NOT_FORCED)).toEqual([{ type: 'remove-local', item }]);
    expect(mergeCart([item], [], permissive, FORCED)).toEqual([{ type: 'push-to-server', item }]);
  });

  it('on a quantity mismatch the server is updated (server cannot modify local items)', () => {
    const item = client('SHIRT', 3, 11);
    const serverItem = server('SHIRT', 1, 11);
    expect(mergeCart([item], [serverItem], DEFAULT_MERGE_FLAGS, NOT_FORCED)).toEqual([
      { type: 'update-server-qty', item, serverItem },
    ]);
  });

  it('on a quantity mismatch the server item is adopted when the config allows it and the client state is not forced', () => {
    const item = client('SHIRT', 3, 11);
    const serverItem = server('SHIRT', 1, 11);
    expect(mergeCart([item], [serverItem], permissive, NOT_FORCED)).toEqual([
      { type: 'adopt-server-qty', item, serverItem },
    ]);
    expect(mergeCart([item], [serverItem], permissive, FORCED)).toEqual([
      { type: 'update-server-qty', item, serverItem },
    ]);
  });

  it('per server item with no client match: deleted on the server when the client state is forced', () => {
    const serverItem = server('TIE', 1, 12);
    expect(mergeCart([], [serverItem], DEFAULT_MERGE_FLAGS, FORCED)).toEqual([
      { type: 'delete-on-server', serverItem },
    ]);
  });

  it('per server item with no client match: otherwise the product is fetched and added', () => {
    const serverItem = server('TIE', 1, 12);
    expect(mergeCart([], [serverItem], DEFAULT_MERGE_FLAGS, NOT_FORCED)).toEqual([
      { type: 'add-from-server', serverItem },
    ]);
  });

  it('serverMergeByDefault off forces the client state on every merge', () => {
    const flags = { ...permissive, serverMergeByDefault: false };
    const item = client('SHIRT', 3, 11);
    const serverItem = server('SHIRT', 1, 11);
    const extra = server('TIE', 1, 12);
    expect(mergeCart([item, client('BELT', 1)], [serverItem, extra], flags, NOT_FORCED).map((a) => a.type)).toEqual([
      'update-server-qty',
      'push-to-server',
      'delete-on-server',
    ]);
  });

  it('a matched client item without (or with an old) server id is linked to the server line', () => {
    const fresh = client('SHIRT', 1);
    const stale = client('TIE', 2, 99);
    const s1 = server('SHIRT', 1, 11);
    const s2 = server('TIE', 2, 12);
    expect(mergeCart([fresh, stale], [s1, s2], DEFAULT_MERGE_FLAGS, NOT_FORCED)).toEqual([
      { type: 'link-server-id', item: fresh, serverItem: s1 },
      { type: 'link-server-id', item: stale, serverItem: s2 },
    ]);
  });

  it("a matched client item showing another unit price takes the server's, forced or not (spec 000 §6)", () => {
    const shopPrice = { ...client('SHIRT', 2, 11), price_incl_tax: 49.95 };
    const serverItem = { ...server('SHIRT', 2, 11), price: 39.96 };
    for (const options of [NOT_FORCED, FORCED]) {
      expect(mergeCart([shopPrice], [serverItem], DEFAULT_MERGE_FLAGS, options)).toEqual([
        { type: 'adopt-server-price', item: shopPrice, serverItem },
      ]);
    }
    // a line without a price takes the server's too; a quantity change and a link come with it, each once
    const unpriced = client('TIE', 1);
    const tie = { ...server('TIE', 3, 12), price: 19.5 };
    expect(mergeCart([unpriced], [tie], DEFAULT_MERGE_FLAGS, NOT_FORCED)).toEqual([
      { type: 'update-server-qty', item: unpriced, serverItem: tie },
      { type: 'link-server-id', item: unpriced, serverItem: tie },
      { type: 'adopt-server-price', item: unpriced, serverItem: tie },
    ]);
  });

  it('the same price in other float noise, or a server line without a price, changes nothing', () => {
    const item = { ...client('SHIRT', 1, 11), price_incl_tax: 0.1 + 0.2 };
    expect(mergeCart([item], [{ ...server('SHIRT', 1, 11), price: 0.3 }], DEFAULT_MERGE_FLAGS, NOT_FORCED)).toEqual([]);
    expect(mergeCart([item], [server('SHIRT', 1, 11)], DEFAULT_MERGE_FLAGS, NOT_FORCED)).toEqual([]);
    // a dry run reports quantities and presence only
    expect(mergeCart([item], [{ ...server('SHIRT', 1, 11), price: 9 }], DEFAULT_MERGE_FLAGS, DRY)).toEqual([]);
  });

  it('equal carts, already linked, need no action', () => {
    expect(mergeCart([client('SHIRT', 2, 11)], [server('SHIRT', 2, 11)], DEFAULT_MERGE_FLAGS, FORCED)).toEqual([]);
  });

  it('a dry run only reports differences', () => {
    const actions = mergeCart(
      [client('SHIRT', 3, 11), client('BELT', 1)],
      [server('SHIRT', 1, 11), server('TIE', 1, 12)],
      DEFAULT_MERGE_FLAGS,
      DRY,
    );
    expect(actions).toEqual([
      { type: 'report', diff: { party: 'server', status: 'wrong-qty', sku: 'SHIRT', clientQty: 3, serverQty: 1 } },
      { type: 'report', diff: { party: 'server', status: 'no-item', sku: 'BELT', clientQty: 1 } },
      { type: 'report', diff: { party: 'client', status: 'no-item', sku: 'TIE', serverQty: 1 } },
    ]);
    expect(
      mergeCart([client('SHIRT', 1)], [server('SHIRT', 1, 11)], DEFAULT_MERGE_FLAGS, {
        forceClientState: true,
        dryRun: true,
      }),
    ).toEqual([]);
  });

  it('matching uses item identity: the same sku with other custom options is another line', () => {
    const engraved = (text: string) => ({
      extension_attributes: { custom_options: [{ option_id: 1, option_value: text }] },
    });
    const a: CartItem = { local_id: 'a', sku: 'BELT', qty: 1, product_option: engraved('JD') };
    const s: ServerLine = { sku: 'BELT', qty: 1, item_id: 5, product_option: engraved('PK') };
    expect(mergeCart([a], [s], DEFAULT_MERGE_FLAGS, NOT_FORCED).map((x) => x.type)).toEqual([
      'push-to-server',
      'add-from-server',
    ]);
  });

  it('one server line pairs with one client line; a linked id pairs first', () => {
    const linked = client('SOCK', 1, 20);
    const unlinked: CartItem = { local_id: 'other', sku: 'SOCK', qty: 4 };
    const s = server('SOCK', 1, 20);
    const match = matchCartItems([unlinked, linked], [s]);
    expect(match.pairs).toEqual([{ item: linked, serverItem: s }]);
    expect(match.clientOnly).toEqual([unlinked]);
    expect(cartDiffs([unlinked, linked], [s])).toEqual([
      { party: 'server', status: 'no-item', sku: 'SOCK', clientQty: 4 },
    ]);
  });
});
