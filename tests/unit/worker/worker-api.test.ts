import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product, ShopNotification } from '../../../worker/api-types.ts';
import { createShopWorkerApi } from '../../../worker/api-impl.ts';
import { openTestContext, type TestContext } from './support/test-db.ts';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.db.remove();
  ctx = undefined;
});

/** Long enough for a live query to have answered, were it going to: where nothing may arrive. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 50));
/** Until what should arrive has arrived: a loaded CI machine takes longer than any fixed wait. */
const arrived = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 20 });

/** The composed API object as comlink exposes it (here called directly, callbacks are plain functions). */
describe('worker API composition and live queries', () => {
  it('exposes every area and answers ready() with the storefront config', async () => {
    ctx = await openTestContext('http://127.0.0.1:1');
    const api = createShopWorkerApi(ctx);
    for (const name of [
      'subscribe',
      'unsubscribe',
      'searchProducts',
      'loadProduct',
      'resolveRoute',
      'pushNavPath',
      'login',
      'addToCart',
      'placeOrder',
    ]) {
      expect(typeof (api as unknown as Record<string, unknown>)[name]).toBe('function');
    }
    expect(await api.ready()).toMatchObject({ storeCode: 'nl', currency: 'EUR', locale: 'nl-NL', taxCountry: 'NL' });
  });

  /** The product as the catalogue sync stores it. */
  const storeProduct = (doc: Product) =>
    ctx!.db.products.insert({
      sku: doc.sku,
      id: doc.id,
      url_path: 'pak',
      type_id: doc.type_id,
      parent_sku: doc.sku,
      doc,
      cached_at: Date.now(),
    });

  it('a live product query emits the current value and every change, and stops after unsubscribe', async () => {
    ctx = await openTestContext('http://127.0.0.1:1');
    const api = createShopWorkerApi(ctx);
    const seen: (Product | null)[] = [];
    const id = await api.subscribe({ name: 'product', sku: 'SUIT-1' }, (value) => seen.push(value));
    await arrived(() => expect(seen).toEqual([null]));
    const doc: Product = { id: 1, sku: 'SUIT-1', name: 'Pak', type_id: 'simple', status: 1, visibility: 4 };
    await storeProduct(doc);
    await arrived(() => expect(seen.at(-1)?.name).toBe('Pak'));
    await api.unsubscribe(id);
    await ctx.db.products.findOne('SUIT-1').patch({ doc: { ...doc, name: 'Kostuum' } });
    await tick();
    expect(seen.some((p) => p?.name === 'Kostuum')).toBe(false);
  });

  it('a live query sends a value only when it differs from the one it sent before', async () => {
    ctx = await openTestContext('http://127.0.0.1:1');
    const api = createShopWorkerApi(ctx);
    const seen: (Product | null)[] = [];
    await api.subscribe({ name: 'product', sku: 'SUIT-1' }, (value) => seen.push(value));
    const doc: Product = { id: 1, sku: 'SUIT-1', name: 'Pak', type_id: 'simple', status: 1, visibility: 4 };
    await storeProduct(doc);
    await arrived(() => expect(seen.map((p) => p?.name ?? null)).toEqual([null, 'Pak']));
    // stored again (a refresh that brought the same product): RxDB answers, the page hears nothing
    await ctx.db.products.findOne('SUIT-1').patch({ cached_at: Date.now() + 1_000 });
    await tick();
    expect(seen).toHaveLength(2);
    await ctx.db.products.findOne('SUIT-1').patch({ doc: { ...doc, name: 'Kostuum' } });
    await arrived(() => expect(seen.map((p) => p?.name ?? null)).toEqual([null, 'Pak', 'Kostuum']));
  });

  it('online state and notifications reach subscribers; an identical notification right after is ignored', async () => {
    ctx = await openTestContext('http://127.0.0.1:1');
    const api = createShopWorkerApi(ctx);
    const online: boolean[] = [];
    const notes: ShopNotification[] = [];
    await api.subscribe({ name: 'online' }, (v) => online.push(v));
    await api.subscribe({ name: 'notifications' }, (n) => notes.push(n));
    await api.setOnline(false);
    ctx.notify({
      type: 'warning',
      messageKey: 'No such configuration for the product. Please do choose another combination of attributes.',
    });
    ctx.notify({
      type: 'warning',
      messageKey: 'No such configuration for the product. Please do choose another combination of attributes.',
    });
    await arrived(() => expect(online).toEqual([true, false]));
    await arrived(() => expect(notes).toHaveLength(1));
    await tick();
    expect(notes).toHaveLength(1);
    expect(notes[0].id).toMatch(/[0-9a-f-]{36}/);
  });

  it('an unknown live query is refused', async () => {
    ctx = await openTestContext('http://127.0.0.1:1');
    const api = createShopWorkerApi(ctx);
    await expect(api.subscribe({ name: 'nope' } as never, () => undefined)).rejects.toThrow('Unknown live query');
  });
});
