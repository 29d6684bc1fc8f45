/**
 * Session area contract (first proposal by the worker-core engineer; owned by the sync engineer, who may change it).
 * Spec 000 §3 "User state", §4 "Session for user".
 */
export interface Address {
  id?: number;
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  postcode: string;
  country_id: string;
  region?: string;
  region_id?: number;
  region_code?: string;
  telephone?: string;
  default_shipping?: boolean;
  default_billing?: boolean;
}

export interface Customer {
  id?: number;
  email: string;
  firstname: string;
  lastname: string;
  external_id?: string;
  date_of_birth?: string;
  mobile_number?: string;
  addresses: Address[];
}

export interface SessionState {
  loggedIn: boolean;
  current: Customer | null;
  groupId: number | null;
  /** ms since epoch, or null when no session. */
  sessionExpires: number | null;
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

export interface SessionApi {
  login(username: string, password: string): Promise<CommandResult>;
  logout(silent?: boolean): Promise<void>;
  register(input: RegisterInput): Promise<CommandResult>;
  updateProfile(customer: Partial<Customer>): Promise<CommandResult>;
  resetPassword(email: string): Promise<CommandResult>;
  changePassword(currentPassword: string, newPassword: string): Promise<CommandResult>;
}

export interface SessionLiveQueries {
  user: { params: object; value: SessionState };
}
