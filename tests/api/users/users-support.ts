import { randomBytes } from 'node:crypto';
import { api, type TestServer } from '../../support/test-server.ts';

export const USER = '/api/ext/shop/user';
export const STRONG_PASSWORD = 'Zomer#Jas2026';

export const uniqueEmail = (prefix = 'klant') => `${prefix}.${randomBytes(4).toString('hex')}@example.nl`;

export interface Registered {
  id: number;
  email: string;
  password: string;
}

type NewCustomer = Partial<{ email: string; firstname: string; lastname: string; addresses: unknown[] }>;

/** POST create for Jan Jansen with a unique e-mail (unless `customer` says otherwise); the server's answer as is. */
export function createCustomer<T = unknown>(
  server: TestServer,
  customer: NewCustomer = {},
  password = STRONG_PASSWORD,
) {
  return api<T>(server, 'POST', `${USER}/create`, {
    customer: { firstname: 'Jan', lastname: 'Jansen', ...customer, email: customer.email ?? uniqueEmail() },
    password,
  });
}

export async function register(
  server: TestServer,
  customer: NewCustomer = {},
  password = STRONG_PASSWORD,
): Promise<Registered> {
  const email = customer.email ?? uniqueEmail();
  const res = await createCustomer<{ id: number }>(server, { ...customer, email }, password);
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.result.id, email, password };
}

export interface LoggedIn {
  token: string;
  refreshToken: string;
  sessionExpires: string;
}

export async function login(server: TestServer, email: string, password = STRONG_PASSWORD): Promise<LoggedIn> {
  const res = await api<string>(server, 'POST', `${USER}/login`, { username: email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    token: res.body.result,
    refreshToken: String(res.body.meta?.refreshToken),
    sessionExpires: String(res.body.meta?.session_expires),
  };
}

/** A registered and logged-in customer. */
export async function newCustomer(server: TestServer, customer: Parameters<typeof register>[1] = {}) {
  const registered = await register(server, customer);
  return { ...registered, ...(await login(server, registered.email, registered.password)) };
}

export const withToken = (path: string, token: string) =>
  `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
