import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { createShopWorkerApi } from '../../../worker/api-impl.ts';
import type { ShopWorkerApi } from '../../../worker/api-types.ts';
import { openTestContext, type TestContext } from './support/test-db.ts';

let ctx: TestContext | undefined;
let channel: MessageChannel | undefined;
afterEach(async () => {
  channel?.port1.close();
  channel?.port2.close();
  await ctx?.db.remove();
  ctx = undefined;
});

/** The API over a real MessageChannel, as worker/main.ts exposes it and worker/client.ts wraps it. */
describe('worker API over comlink', () => {
  it('commands return structured-cloned answers and errors keep their name', async () => {
    ctx = await openTestContext('http://127.0.0.1:1');
    channel = new MessageChannel();
    Comlink.expose(createShopWorkerApi(ctx), channel.port1);
    const remote = Comlink.wrap<ShopWorkerApi>(channel.port2);
    expect(await remote.ready()).toMatchObject({ storeCode: 'nl' });
    const error = await remote.loadProduct({ parentSku: '' }).catch((e: Error) => e);
    expect((error as Error).message).toBe('Please provide the search key sku for product/single action!');
    await remote.setOnline(false);
    const offline = await remote.loadProduct({ parentSku: 'OFM-1' }).catch((e: Error) => e);
    expect((offline as Error).name).toBe('ProductOfflineError');
    remote[Comlink.releaseProxy]();
  });

  it('a live query calls the proxied callback and stops after unsubscribe', async () => {
    ctx = await openTestContext('http://127.0.0.1:1');
    channel = new MessageChannel();
    Comlink.expose(createShopWorkerApi(ctx), channel.port1);
    const remote = Comlink.wrap<ShopWorkerApi>(channel.port2);
    const values: boolean[] = [];
    // Remote<> drops the generic, so the callback is typed loosely here exactly as worker/client.ts does.
    const id = await remote.subscribe({ name: 'online' }, Comlink.proxy((v: boolean) => void values.push(v)) as never);
    await remote.setOnline(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(values).toEqual([true, false]);
    await remote.unsubscribe(id);
    await remote.setOnline(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(values).toEqual([true, false]);
    remote[Comlink.releaseProxy]();
  });
});
