/**
 * Property-style checks of the merge rules (spec 000 §4) over seeded random carts: the actions, applied by a model of
 * the sync engine, leave client and server equal as the flags define, lose no client item the flags protect, and
 * never change a quantity the shopper set when the client state is forced. A failure names its seed.
 */
import { describe, expect, it } from 'vitest';
import { productChecksum } from '../../../../domain/cart/item-identity.ts';
import {
  cartDiffs,
  DEFAULT_MERGE_FLAGS,
  mergeCart,
  mergeGuestIntoAccountCart,
  type MergeAction,
  type MergeFlags,
  type ServerLine,
} from '../../../../domain/cart/merge.ts';
import type { CartItem, ProductOption } from '../../../../domain/cart/types.ts';
import { seededRandom, shuffled } from '../../../support/seeded-random.ts';

const SEEDS = 250;

interface Identity {
  sku: string;
  type: string;
  custom?: string[];
  configurable?: number;
  bundle?: number[];
}

/** Tricky on purpose: one sku plain and with several custom options, bundles of one sku, configurable children. */
const POOL: Identity[] = [
  { sku: 'S1', type: 'simple' },
  { sku: 'S2', type: 'simple' },
  { sku: 'S3', type: 'simple' },
  { sku: 'T1', type: 'simple' },
  { sku: 'T1', type: 'simple', custom: ['A'] },
  { sku: 'T1', type: 'simple', custom: ['B'] },
  { sku: 'T1', type: 'simple', custom: ['A', 'B'] },
  { sku: 'C1-M', type: 'configurable', configurable: 5 },
  { sku: 'C1-L', type: 'configurable', configurable: 6 },
  { sku: 'B1', type: 'bundle', bundle: [10] },
  { sku: 'B1', type: 'bundle', bundle: [11, 12] },
];

type Client = CartItem & { pool: number };
type Server = ServerLine & { pool: number };

function shuffledObject(rand: () => number, entries: Array<[string, unknown]>): Record<string, unknown> {
  return Object.fromEntries(shuffled(rand, entries));
}

/** The same options, written in a random but equivalent way (key order, list order, bundle list or map). */
function optionsFor(rand: () => number, id: Identity): ProductOption | null {
  if (id.custom) {
    const list = id.custom.map((value, i) =>
      shuffledObject(rand, [
        ['option_id', i + 1],
        ['option_value', value],
      ]),
    );
    return { extension_attributes: { custom_options: shuffled(rand, list) as never } };
  }
  if (id.configurable !== undefined) {
    return { extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: id.configurable }] } };
  }
  if (id.bundle) {
    const sel = { option_id: 1, option_qty: 1, option_selections: id.bundle };
    return { extension_attributes: { bundle_options: rand() < 0.5 ? [sel] : { '1': sel } } };
  }
  return rand() < 0.5 ? null : {};
}

function withChecksum<T extends { product_option?: unknown }>(rand: () => number, line: T): T {
  return rand() < 0.5 ? { ...line, checksum: productChecksum(line.product_option as ProductOption) } : line;
}

const qty = (rand: () => number) => 1 + Math.floor(rand() * 5);
/** A unit price in euros: 10 of them, so a client and server line often agree and often do not. */
const price = (rand: () => number) => 19.95 + 10 * Math.floor(rand() * 10);

/** A server line of pool entry `id` with line id `item_id`: a random quantity, its options written a random way. */
function serverLine(
  rand: () => number,
  id: Identity,
  pool: number,
  item_id: number,
  extra: Partial<Server> = {},
): Server {
  return {
    pool,
    sku: id.sku,
    qty: qty(rand),
    item_id,
    price: price(rand),
    ...extra,
    product_type: id.type,
    product_option: optionsFor(rand, id),
  };
}

function genCarts(seed: number): { client: Client[]; server: Server[] } {
  const rand = seededRandom(seed);
  let serverId = 1000;
  const server: Server[] = [];
  POOL.forEach((id, pool) => {
    if (rand() < 0.45) server.push(withChecksum(rand, serverLine(rand, id, pool, serverId++)));
  });
  const client: Client[] = [];
  POOL.forEach((id, pool) => {
    if (rand() >= 0.5) return;
    const onServer = server.find((s) => s.pool === pool);
    // Ids of deleted server lines are never reused, so a stale id comes from a range the server no longer has.
    const item_id = onServer && rand() < 0.6 ? onServer.item_id : rand() < 0.3 ? 5000 + pool : null;
    client.push(
      withChecksum(rand, {
        pool,
        local_id: `local-${pool}`,
        sku: id.sku,
        qty: onServer && rand() < 0.4 ? onServer.qty : qty(rand),
        ...(rand() < 0.8 ? { price_incl_tax: onServer && rand() < 0.5 ? onServer.price : price(rand) } : {}),
        type_id: id.type,
        item_id,
        product_option: optionsFor(rand, id),
      }),
    );
  });
  return { client: shuffled(rand, client), server: shuffled(rand, server) };
}

/** What the sync engine does with each action, reduced to the carts' contents. */
function applyActions(actions: Array<MergeAction<Client, Server>>, client: Client[], server: Server[]) {
  let c = client.map((x) => ({ ...x }));
  let s = server.map((x) => ({ ...x }));
  let nextId = 2000;
  const local = (item: Client) => c.find((x) => x.local_id === item.local_id)!;
  for (const action of actions) {
    switch (action.type) {
      case 'push-to-server': {
        const item_id = nextId++;
        s.push({
          pool: action.item.pool,
          sku: action.item.sku,
          qty: action.item.qty,
          item_id,
          price: action.item.price_incl_tax,
          product_option: action.item.product_option,
        });
        local(action.item).item_id = item_id;
        break;
      }
      case 'remove-local':
        c = c.filter((x) => x.local_id !== action.item.local_id);
        break;
      case 'update-server-qty':
        s.find((x) => x.item_id === action.serverItem.item_id)!.qty = action.item.qty;
        break;
      case 'adopt-server-qty':
        local(action.item).qty = action.serverItem.qty;
        break;
      case 'delete-on-server':
        s = s.filter((x) => x.item_id !== action.serverItem.item_id);
        break;
      case 'add-from-server': {
        const { item_id, price: charged, ...rest } = action.serverItem;
        c.push({ ...rest, local_id: `from-server-${item_id}`, item_id: item_id, price_incl_tax: charged });
        break;
      }
      case 'link-server-id':
        local(action.item).item_id = action.serverItem.item_id;
        break;
      case 'adopt-server-price':
        local(action.item).price_incl_tax = action.serverItem.price;
        break;
      case 'report':
        break;
    }
  }
  return { client: c, server: s };
}

const contents = (lines: Array<{ pool: number; qty: number }>) => lines.map((l) => `${l.pool}x${l.qty}`).sort();

const FLAG_SETS: Array<[string, MergeFlags]> = [
  ['shop defaults', DEFAULT_MERGE_FLAGS],
  [
    'server may remove and modify local items',
    { serverMergeByDefault: true, serverSyncCanRemoveLocalItems: true, serverSyncCanModifyLocalItems: true },
  ],
  [
    'serverMergeByDefault off',
    { serverMergeByDefault: false, serverSyncCanRemoveLocalItems: true, serverSyncCanModifyLocalItems: true },
  ],
];

describe.each(FLAG_SETS)('merge rules over random carts with %s', (_name, flags) => {
  for (const forceClientState of [false, true]) {
    it(`${SEEDS} seeded carts (forceClientState ${forceClientState}): applied actions make both sides equal and keep what the flags protect (spec 000 §4)`, () => {
      for (let seed = 1; seed <= SEEDS; seed++) {
        const { client, server } = genCarts(seed);
        const actions = mergeCart(client, server, flags, { forceClientState, dryRun: false });
        const after = applyActions(actions, client, server);
        const msg = `seed ${seed}`;

        expect(cartDiffs(after.client, after.server), msg).toEqual([]);
        expect(contents(after.client), msg).toEqual(contents(after.server));
        expect(mergeCart(after.client, after.server, flags, { forceClientState: false, dryRun: false }), msg).toEqual(
          [],
        );

        const forced = forceClientState || !flags.serverMergeByDefault;
        const serverPools = new Set(server.map((s) => s.pool));
        for (const item of client) {
          const kept = after.client.find((x) => x.local_id === item.local_id);
          if (forced || !flags.serverSyncCanRemoveLocalItems || serverPools.has(item.pool)) {
            expect(kept, `${msg}: client item ${item.sku} lost`).toBeDefined();
          }
          if (kept && (forced || !flags.serverSyncCanModifyLocalItems)) {
            expect(kept.qty, `${msg}: quantity of ${item.sku} changed`).toBe(item.qty);
          }
        }
        if (forced) {
          expect(contents(after.client), msg).toEqual(contents(client));
        }

        const dry = mergeCart(client, server, flags, { forceClientState, dryRun: true });
        expect(
          dry.every((a) => a.type === 'report'),
          msg,
        ).toBe(true);
        expect(applyActions(dry, client, server), msg).toEqual({ client, server });
      }
    });
  }
});

function genGuestAndAccount(seed: number): { guest: Client[]; account: Server[] } {
  const rand = seededRandom(seed * 7919);
  const guest: Client[] = [];
  const account: Server[] = [];
  POOL.forEach((id, pool) => {
    if (rand() < 0.5) {
      guest.push(
        withChecksum(rand, {
          pool,
          local_id: `guest-${pool}`,
          sku: id.sku,
          qty: qty(rand),
          type_id: id.type,
          // a guest cart line id: meaningless in the account cart
          item_id: rand() < 0.5 ? 7000 + pool : null,
          server_cart_id: 'guest-cart',
          product_option: optionsFor(rand, id),
        }),
      );
    }
    if (rand() < 0.5) account.push(serverLine(rand, id, pool, 1000 + pool, { server_cart_id: 'account-cart' }));
  });
  return { guest: shuffled(rand, guest), account: shuffled(rand, account) };
}

const qtyByPool = (lines: Array<{ pool: number; qty: number }>) => {
  const out = new Map<number, number>();
  for (const l of lines) out.set(l.pool, (out.get(l.pool) ?? 0) + l.qty);
  return out;
};

describe('guest cart merged into the account cart on login (spec 000 §4)', () => {
  it('quantities of the same item are summed', () => {
    const guest: CartItem[] = [{ local_id: 'g1', sku: 'SHIRT-M', qty: 2, item_id: 77, server_cart_id: 'guest' }];
    const account: ServerLine[] = [{ sku: 'SHIRT-M', qty: 1, item_id: 5, server_cart_id: 'acc' }];
    expect(mergeGuestIntoAccountCart(guest, account)).toEqual([
      {
        local_id: 'g1',
        sku: 'SHIRT-M',
        qty: 3,
        item_id: 5,
        server_cart_id: 'acc',
        merged_from: ['account:5', 'local:g1'],
      },
    ]);
  });

  it('a guest-only line is added without the guest cart ids; an account-only line stays', () => {
    const guest: CartItem[] = [{ local_id: 'g1', sku: 'TIE', qty: 1, item_id: 77, server_cart_id: 'guest' }];
    const account: ServerLine[] = [{ sku: 'SOCK', qty: 2, item_id: 5 }];
    expect(mergeGuestIntoAccountCart(guest, account)).toEqual([
      { sku: 'SOCK', qty: 2, item_id: 5, merged_from: ['account:5'] },
      { local_id: 'g1', sku: 'TIE', qty: 1, item_id: null, server_cart_id: null, merged_from: ['local:g1'] },
    ]);
  });

  it(`quantities are summed once over ${SEEDS} seeded carts: merging again, or after a reload, never doubles`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const msg = `seed ${seed}`;
      const { guest, account } = genGuestAndAccount(seed);
      const merged = mergeGuestIntoAccountCart(guest, account);

      const expected = qtyByPool(guest);
      for (const [pool, q] of qtyByPool(account)) expected.set(pool, (expected.get(pool) ?? 0) + q);
      expect(qtyByPool(merged), msg).toEqual(expected);
      expect(merged.length, msg).toBe(expected.size);

      // the same guest items again (a second tab, a retried login): nothing changes
      expect(mergeGuestIntoAccountCart(guest, merged), msg).toEqual(merged);
      // the device reloaded before the server had the sums: the merged cart is the guest side now
      expect(qtyByPool(mergeGuestIntoAccountCart(merged, account)), msg).toEqual(expected);

      // pushing with the client state forced makes the server hold the sums; merging again keeps them
      const pushed = applyActions(
        mergeCart(merged, account, DEFAULT_MERGE_FLAGS, { forceClientState: true, dryRun: false }),
        merged,
        account,
      );
      expect(qtyByPool(pushed.server), msg).toEqual(expected);
      expect(qtyByPool(mergeGuestIntoAccountCart(pushed.client, pushed.server)), msg).toEqual(expected);
    }
  });
});
