import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../http/envelope.ts';
import { toEuros } from '../../domain/money.ts';
import { customerSession, requireCustomer } from '../auth/customer-session.ts';
import { GOLD_ABOVE_CENTS, POINTS_PER_EURO, SILVER_ABOVE_CENTS, loyaltyLevel } from '../../domain/loyalty.ts';
import { iso } from './customer-dto.ts';

interface LedgerRow {
  id: number;
  points: number;
  miles: number;
  description: string;
  order_increment_id: string | null;
  created_at: Date | string;
  available_at: Date | string;
  expires_at: Date | string;
}

/**
 * The club overview (spec 001 §4/§9). The level follows the spend of the last 12 months (online orders that are paid
 * and kept: not pending, cancelled, failed, refunded or returned — partly returned ones count —, plus in-store
 * purchases), so a level is kept by shopping. Points are
 * available from available_at until expires_at (the ledger stores both, 14 days and 24 months after purchase).
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/loyalty-miles-history', { preHandler: requireCustomer(app) }, async (request, reply) => {
    const { customerId } = customerSession(request);
    const now = app.now();
    const { rows } = await app.db.query<LedgerRow>(
      'select * from loyalty_ledger where customer_id = $1 order by created_at desc, id desc',
      [customerId],
    );
    const yearAgo = new Date(now);
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    const spend = await app.db.query<{ cents: number }>(
      `select (coalesce((select sum(grand_total_cents) from orders
                          where customer_id = $1 and created_at > $2 and created_at <= $3
                            and status !~* '^(pending|cancel|fail|refund|return)'), 0)
             + coalesce((select sum(total_cents) from store_transactions
                          where customer_id = $1 and created_at > $2 and created_at <= $3), 0))::int as cents`,
      [customerId, yearAgo.toISOString(), now.toISOString()],
    );
    let available = 0;
    let pending = 0;
    let expired = 0;
    const entries = rows.map((row) => {
      const availableAt = new Date(row.available_at);
      const expiresAt = new Date(row.expires_at);
      const status = expiresAt <= now ? 'expired' : availableAt > now ? 'pending' : 'available';
      if (status === 'available') available += row.points;
      else if (status === 'pending') pending += row.points;
      else expired += row.points;
      return {
        id: row.id,
        points: row.points,
        miles: row.miles,
        description: row.description,
        order_increment_id: row.order_increment_id,
        created_at: iso(row.created_at),
        available_at: iso(row.available_at),
        expires_at: iso(row.expires_at),
        status,
      };
    });
    const spendCents = spend.rows[0].cents;
    const level = loyaltyLevel(spendCents);
    return ok(reply, {
      level,
      spend_last_12_months: toEuros(spendCents),
      next_level:
        level === 'bronze'
          ? { level: 'silver', spend_above: toEuros(SILVER_ABOVE_CENTS) }
          : level === 'silver'
            ? { level: 'gold', spend_above: toEuros(GOLD_ABOVE_CENTS) }
            : null,
      points_available: Math.max(0, available),
      points_pending: pending,
      points_expired: expired,
      miles_total: rows.reduce((sum, r) => sum + r.miles, 0),
      points_per_euro: POINTS_PER_EURO,
      entries,
    });
  });
};

export default routes;
