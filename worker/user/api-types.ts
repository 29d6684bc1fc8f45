/**
 * Session area contract: spec 000 §3 "User state", §4 "Session for user".
 */
import type { AddressInput, Customer as ServerCustomer } from '../../contract/customer.ts';
import type { OrderHistoryPage } from '../../contract/order-history.ts';
import type { Cents } from '../../domain/money.ts';

/**
 * The address the app edits and the worker sends (`POST me`, the checkout's shipping address); the app reads the
 * profile's addresses (contract `Address`) through it too.
 */
export type Address = AddressInput;

export type { Coupon, Preferences } from '../../contract/customer.ts';

/** What the preferences page offers (store select and brand select, spec 001 §2 modals). */
export interface PreferenceOptions {
  /** `slug` is how the engagement contact names the store (favstore). */
  stores: { id: number; slug: string; name: string; city: string; country_id: string }[];
  brands: { value: number; label: string }[];
  /** True when the lists come from the local cache because the device is offline. */
  offline: boolean;
}

/**
 * The profile the device holds: the server's customer (contract/customer.ts). After a local edit its addresses are
 * the edit's, in the form the app sends them, until the server's answer replaces the whole profile.
 */
export type Customer = Omit<ServerCustomer, 'addresses'> & { addresses: Address[] };

/** GET loyalty-miles-history (docs/api.md "Users"); money in euros. */
export interface LoyaltyOverview {
  level: 'bronze' | 'silver' | 'gold';
  spend_last_12_months: number;
  next_level: { level: 'silver' | 'gold'; spend_above: number } | null;
  points_available: number;
  points_pending: number;
  points_expired: number;
  miles_total: number;
  points_per_euro: number;
  entries: LoyaltyEntry[];
}

export interface LoyaltyEntry {
  id: number;
  points: number;
  miles: number;
  description: string;
  order_increment_id: string | null;
  created_at: string;
  available_at: string | null;
  expires_at: string | null;
  status: 'available' | 'pending' | 'expired';
}

/** An in-store purchase (GET transactions); money in euros. */
export interface StoreTransaction {
  transaction_id: string;
  created_at: string;
  total: number;
  store: { id: number; name: string; city: string; slug: string } | null;
  /** As the till stored it (e.g. { method }), or null. */
  payment: unknown;
  items_count: number;
  items: { sku: string; name: string; qty: number; price: number }[];
}

/**
 * Spec 001 §3 "Contact state: contactId, enrichedData with favstore and favbrand": the member's contact on the
 * engagement platform (docs/customer-account.md "Engagement contact"). `enrichedData` is null until the overview was read.
 */
export interface EngagementContact {
  contactId: string;
  enrichedData: { favstore: string | null; favbrand: string | null } | null;
}

export interface SessionState {
  loggedIn: boolean;
  current: Customer | null;
  groupId: number | null;
  /** ms since epoch, or null when no session. */
  sessionExpires: number | null;
  /** The last GET order-history result (pageSize 20, page 1 by default). */
  ordersHistory: OrderHistoryPage | null;
  /**
   * Set (ms) when the token could not be refreshed or auto refresh is off (spec 000 §4 "Token invalidation"): the
   * app opens the signup/login modal when this changes.
   */
  signupRequestedAt: number | null;
  /** sku → the member's personal price in cents ("Jouw prijs"); empty for a guest or a member without one. */
  personalPrices: Record<string, Cents>;
}

export interface RegisterInput {
  customer: { email: string; firstname: string; lastname: string; addresses?: Address[] };
  password: string;
}

/** Outcome of a user command; `messageKey` is the spec's English text, translated by the app. */
export interface CommandResult {
  ok: boolean;
  messageKey?: string;
  params?: Record<string, string | number>;
}

/**
 * Session commands. `messageKey` is the spec's English text (the app shows its Dutch translation). After login the
 * worker loads profile and order history and merges the guest cart into the account cart (once).
 */
export interface SessionApi {
  login(username: string, password: string): Promise<CommandResult>;
  /** Clears token, user, wishlist, compare list, checkout details and the local cart; "You're logged out" unless silent. */
  logout(silent?: boolean): Promise<void>;
  /** Creates the account, then logs in. */
  register(input: RegisterInput): Promise<CommandResult>;
  /**
   * Queued (works offline): empty date_of_birth dropped, empty mobile_number becomes '-'. The outcome arrives as a
   * notification ('Account data has successfully been updated' / 'We could not update your account' + {message}).
   */
  updateProfile(customer: Partial<Customer>): Promise<CommandResult>;
  /** Refused offline: 'Reset password feature does not work while offline!'. */
  resetPassword(email: string): Promise<CommandResult>;
  /**
   * Sets a new password with the e-mail and token of the reset link; ok carries 'Password has successfully been
   * changed'. The server ends every session of the customer. Refused offline: 'Password reset does not work offline.'.
   */
  createPassword(email: string, resetToken: string, newPassword: string): Promise<CommandResult>;
  /**
   * For the logged-in customer; the server ends the customer's other sessions, this one stays. ok carries 'Password
   * has successfully been changed'; a failure the server's `result.errorMessage` (wrong current password, weak new
   * one). Refused offline: 'Reset password feature does not work while offline!'.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<CommandResult>;
  /**
   * Call on every navigation: an expired session on a checkout path answers `{ redirect: '/' }` (and logs out with
   * the expiry warning); within 900 s of expiry the profile is refreshed without cache.
   */
  onNavigation(path: string): Promise<{ redirect?: string }>;
  /** Before an account/checkout action: false when the session expired (the worker logged out and warned). */
  guardSession(): Promise<boolean>;
  loadOrderHistory(pageSize?: number, currentPage?: number): Promise<void>;
  /** Online reads (not cached); null when offline, logged out or refused. */
  loadLoyalty(): Promise<LoyaltyOverview | null>;
  loadTransactions(): Promise<StoreTransaction[] | null>;
  loadTransaction(transactionId: string): Promise<StoreTransaction | null>;
  /** POST add-coupon; the profile (with `coupons`) is updated; failure: 'Not a valid coupon code.' or the offline text. */
  addCoupon(code: string): Promise<CommandResult>;
  /**
   * Removes the address locally at once and queues DELETE address (works offline). The outcome arrives as a
   * notification ('The address has been deleted' / 'We could not delete the address').
   */
  deleteAddress(addressId: number): Promise<CommandResult>;
  /** Stores and brand options for the preferences page: network first, the local cache offline. */
  loadPreferenceOptions(): Promise<PreferenceOptions>;
  /** GET contact overview (spec 001 §7): favstore and favbrand; offline the last one read; null for a guest. */
  loadContactOverview(): Promise<EngagementContact | null>;
  /** PATCH contact update (spec 001 §7): local first, queued (works offline); a refusal is told as a notification. */
  updateContact(favourites: Partial<NonNullable<EngagementContact['enrichedData']>>): Promise<CommandResult>;
}

export interface SessionLiveQueries {
  user: { params: object; value: SessionState };
}
