import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createRxDatabase, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { expect, it } from 'vitest';
import { collections } from '../../../schemas/index.ts';
import { openTestDatabase } from '../worker/support/db.ts';

/**
 * A device that queued a task and an order before tasks carried a payload version keeps both: opening the database
 * at today's schemas gives each the first payload version (docs/api.md "Payload versions").
 */

/** A collection's schema as devices held it at version 0: without `payload_version`. */
function versionZero<T>(schema: RxJsonSchema<T>): RxJsonSchema<T> {
  const properties = { ...(schema.properties as Record<string, unknown>) };
  delete properties.payload_version;
  const required = (schema.required as string[]).filter((field) => field !== 'payload_version');
  return { ...schema, version: 0, properties, required } as RxJsonSchema<T>;
}

it('a task and an order stored at version 0 are at payload version 1 after migration, nothing else changed', async () => {
  const name = `t${randomUUID().replaceAll('-', '')}`;
  const old = await createRxDatabase({
    name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) }),
    multiInstance: false,
  });
  await old.addCollections({
    sync_tasks: { schema: versionZero(collections.sync_tasks.schema) },
    orders: { schema: versionZero(collections.orders.schema) },
  });
  const task = {
    task_id: 't1',
    url: '/api/ext/shop/cart/update?cartId={{cartId}}',
    method: 'POST',
    payload: { local_id: 'l1' },
    transmited: false,
    code: null,
    created_at: 100,
    attempts: 0,
    silent: false,
    kind: 'cart-update',
  };
  const order = { order_id: 'o1', payload: { products: [{ sku: 'A', qty: 1 }] }, transmited: false, created_at: 1 };
  await old.sync_tasks.insert(task);
  await old.orders.insert(order);
  await old.close();

  const db = await openTestDatabase(name, ['sync_tasks', 'orders']);
  try {
    const tasks = (await db.sync_tasks.find().exec()).map((d) => d.toMutableJSON());
    const orders = (await db.orders.find().exec()).map((d) => d.toMutableJSON());
    expect(tasks).toMatchObject([{ ...task, payload_version: 1 }]);
    expect(orders).toMatchObject([{ ...order, payload_version: 1 }]);
  } finally {
    await db.remove();
  }
});
