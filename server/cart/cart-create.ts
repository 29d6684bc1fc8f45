import type { Queryable } from '../db/index.ts';
import { newOpaqueToken } from '../auth/tokens.ts';
import { badRequest } from '../http/envelope.ts';

export async function storeCodeOrDefault(db: Queryable, storeCode: string | undefined): Promise<string> {
  if (storeCode !== undefined) {
    const { rows } = await db.query<{ code: string }>('select code from store_views where code = $1', [storeCode]);
    if (!rows[0]) throw badRequest(`querystring.storeCode must be one of the store codes (nl, be)`);
    return rows[0].code;
  }
  const { rows } = await db.query<{ code: string }>(
    'select code from store_views order by is_default desc, store_id limit 1',
  );
  return rows[0]?.code ?? 'nl';
}

/**
 * `create` (spec 000 §4 "Cart connect"). A guest gets a fresh cart whose id is a 256-bit random value (the id is the
 * guest's only credential). A customer gets their one active cart of the store view, created on first use; the
 * partial unique index of migration 056 makes two simultaneous creates end on the same cart.
 */
export async function createCart(db: Queryable, customerId: number | null, storeCode?: string): Promise<string> {
  const store = await storeCodeOrDefault(db, storeCode);
  if (customerId === null) {
    const cartId = newOpaqueToken();
    await db.query('insert into carts (cart_id, store_code) values ($1, $2)', [cartId, store]);
    return cartId;
  }
  const existing = await activeCustomerCart(db, customerId, store);
  if (existing) return existing;
  await db.query('insert into carts (cart_id, customer_id, store_code) values ($1, $2, $3) on conflict do nothing', [
    newOpaqueToken(),
    customerId,
    store,
  ]);
  const created = await activeCustomerCart(db, customerId, store);
  if (!created) throw new Error('customer cart vanished right after creation');
  return created;
}

async function activeCustomerCart(db: Queryable, customerId: number, storeCode: string): Promise<string | null> {
  const { rows } = await db.query<{ cart_id: string }>(
    'select cart_id from carts where customer_id = $1 and store_code = $2 and is_active',
    [customerId, storeCode],
  );
  return rows[0]?.cart_id ?? null;
}
