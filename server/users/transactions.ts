import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound, ok } from '../http/envelope.ts';
import { toEuros } from '../../domain/money.ts';
import { customerSession, requireCustomer } from '../auth/customer-session.ts';
import { iso } from './customer-dto.ts';
import { MESSAGES } from './messages.ts';
import { transactionDetailSchema } from './schemas.ts';

interface TransactionRow {
  transaction_id: string;
  total_cents: number;
  items: unknown;
  created_at: Date | string;
  store_location_id: number | null;
  store_name: string | null;
  store_city: string | null;
  store_slug: string | null;
}

/** Money leaves the server in euros: every `<name>_cents` field of a stored item becomes `<name>` in euros. */
function itemInEuros(item: unknown): unknown {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (key.endsWith('_cents') && typeof value === 'number') out[key.slice(0, -'_cents'.length)] = toEuros(value);
    else out[key] = value;
  }
  return out;
}

/** The till stores either the item list or `{ items, payment, … }` (the seed's receipts); both read the same. */
function receiptOf(stored: unknown): { items: unknown[]; payment: unknown } {
  if (Array.isArray(stored)) return { items: stored, payment: null };
  const receipt = (stored ?? {}) as { items?: unknown; payment?: unknown };
  return { items: Array.isArray(receipt.items) ? receipt.items : [], payment: receipt.payment ?? null };
}

function toTransactionDto(row: TransactionRow) {
  const receipt = receiptOf(row.items);
  const items = receipt.items.map(itemInEuros);
  return {
    transaction_id: row.transaction_id,
    created_at: iso(row.created_at),
    total: toEuros(row.total_cents),
    store:
      row.store_location_id === null
        ? null
        : { id: row.store_location_id, name: row.store_name, city: row.store_city, slug: row.store_slug },
    payment: receipt.payment,
    items_count: items.length,
    items,
  };
}

const SELECT = `select t.transaction_id, t.total_cents, t.items, t.created_at, t.store_location_id,
    s.name as store_name, s.city as store_city, s.slug as store_slug
  from store_transactions t left join store_locations s on s.id = t.store_location_id`;

/** In-store purchases (spec 000 §7 "GET transactions: result.transactions", "GET transactions/detail"). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = requireCustomer(app);

  app.get('/transactions', { preHandler: auth }, async (request, reply) => {
    const { customerId } = customerSession(request);
    const { rows } = await app.db.query<TransactionRow>(
      `${SELECT} where t.customer_id = $1 order by t.created_at desc`,
      [customerId],
    );
    return ok(reply, { transactions: rows.map(toTransactionDto) });
  });

  app.get('/transactions/detail', { schema: transactionDetailSchema, preHandler: auth }, async (request, reply) => {
    const { customerId } = customerSession(request);
    const { rows } = await app.db.query<TransactionRow>(
      `${SELECT} where t.transaction_id = $1 and t.customer_id = $2`,
      [request.query.transaction_id, customerId],
    );
    if (!rows[0]) throw notFound(MESSAGES.transactionNotFound);
    return ok(reply, toTransactionDto(rows[0]));
  });
};

export default routes;
