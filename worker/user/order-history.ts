import type { OrderHistoryPage } from '../../contract/order-history.ts';
import type { Envelope } from '../queue/types.ts';
import { USER_BASE } from './user-store.ts';

/**
 * GET order-history (spec 000 §7, contract/order-history.ts): one page of the customer's orders, newest first; null
 * when the server answered otherwise. Throws NetworkError when there was no answer.
 */
export async function readOrderHistory(
  call: (url: string) => Promise<Envelope>,
  noteResponse: (res: Envelope) => void,
  pageSize: number,
  currentPage: number,
): Promise<OrderHistoryPage | null> {
  const res = await call(`${USER_BASE}/order-history?token={{token}}&pageSize=${pageSize}&currentPage=${currentPage}`);
  noteResponse(res);
  return res.code === 200 ? (res.result as OrderHistoryPage) : null;
}
