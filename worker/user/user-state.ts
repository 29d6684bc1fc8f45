import type { OrderHistoryPage } from '../../contract/order-history.ts';
import type { Cents } from '../../domain/money.ts';
import type { Customer, EngagementContact } from './api-types.ts';

/** Spec 000 §3 "User state", stored as one kv document (`current-user`). */
export interface UserStateValue {
  token: string | null;
  refreshToken: string | null;
  groupToken: string | null;
  groupId: number | null;
  current: Customer | null;
  session_started: number | null;
  /** The last GET order-history page (contract/order-history.ts). */
  orders_history: OrderHistoryPage | null;
  local_data_loaded: boolean;
  /** ms since epoch. */
  sessionExpires: number | null;
  /** sku → the member's personal price in cents (GET personal-pricing/client, spec 000 §6), read after the profile. */
  personalPrices: Record<string, Cents> | null;
  /** Spec 001 §3 "Contact state": the engagement contact, fetched after the profile loads (§4 "Engagement"). */
  contact: EngagementContact | null;
}

export function emptyUserState(): UserStateValue {
  return {
    token: null,
    refreshToken: null,
    groupToken: null,
    groupId: null,
    current: null,
    session_started: null,
    orders_history: null,
    local_data_loaded: false,
    sessionExpires: null,
    personalPrices: null,
    contact: null,
  };
}
