import type { TestServer } from '../support/test-server.ts';

/** The newest cart row's id: carts made after it are this test's. */
export async function lastCartId(server: TestServer): Promise<number> {
  return (await server.db.query<{ n: number }>('select coalesce(max(id), 0)::int as n from carts')).rows[0]!.n;
}

/** Guest carts with lines on the server, made after `sinceId`: cart_id → { sku: qty }. */
export async function guestCartsSince(
  server: TestServer,
  sinceId: number,
): Promise<Record<string, Record<string, number>>> {
  const { rows } = await server.db.query<{ cart_id: string; sku: string; qty: number }>(
    `select c.cart_id, ci.sku, ci.qty from carts c join cart_items ci on ci.cart_id = c.id
      where c.id > $1 and c.customer_id is null order by c.cart_id, ci.sku`,
    [sinceId],
  );
  const carts: Record<string, Record<string, number>> = {};
  for (const row of rows) (carts[row.cart_id] ??= {})[row.sku] = row.qty;
  return carts;
}
