import type { Queryable } from '../db/index.ts';
import { resolveAccessToken } from '../auth/tokens.ts';

/**
 * The customer group that selects tier prices and grouped tax (spec 000 §6). A customer token or group token wins;
 * a bare group id is accepted as vue-storefront's render-list does, since group prices are not secret.
 */
export async function resolveCustomerGroup(
  db: Queryable,
  opts: { token?: string; groupToken?: string; groupId?: number | string | null; now?: Date },
): Promise<number | null> {
  if (opts.token) {
    const owner = await resolveAccessToken(db, opts.token, opts.now);
    if (owner) {
      const { rows } = await db.query<{ group_id: number }>('select group_id from customers where id = $1', [
        owner.customerId,
      ]);
      if (rows[0]) return rows[0].group_id;
    }
  }
  if (opts.groupToken) {
    const { rows } = await db.query<{ group_id: number }>(
      'select group_id from customers where group_token = $1 limit 1',
      [opts.groupToken],
    );
    if (rows[0]) return rows[0].group_id;
  }
  const id = typeof opts.groupId === 'string' ? Number(opts.groupId) : opts.groupId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}
