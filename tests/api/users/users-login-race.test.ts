import { describe, expect, it } from 'vitest';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOOKUPS_PER_ADDRESS,
} from '../../../server/auth/config.ts';
import type { TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';
import { USER, register, uniqueEmail } from './users-support.ts';

/**
 * The login limits hold under parallel guesses (docs/security.md): each attempt is reserved before the password is
 * hashed, so simultaneous guesses cannot all slip under the count.
 */
let server: TestServer;
useTestServer({ products: 4 }, (started) => {
  server = started;
});

async function post(path: string, body: unknown) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { code: number; result: unknown },
  };
}

/** Each test on a clock of its own, days apart, so one test's failures never fall in another's window. */
async function onOwnClock(daysAhead: number, work: () => Promise<void>) {
  server.setNow(new Date(Date.now() + daysAhead * 24 * 3600_000));
  try {
    await work();
  } finally {
    server.setNow(undefined);
  }
}

describe('login limits under parallel guesses', () => {
  it(`100 parallel wrong passwords for one account: at most ${LOGIN_FAILURES_PER_ACCOUNT} are checked, the rest 429 with Retry-After`, async () => {
    await onOwnClock(10, async () => {
      const { email } = await register(server);
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          post(`${USER}/login`, { username: email, password: `Fout#Wachtwoord${i}` }),
        ),
      );
      const checked = answers.filter((a) => a.status === 401);
      const refused = answers.filter((a) => a.status === 429);
      expect(checked.length).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT);
      expect(checked.length + refused.length).toBe(100);
      for (const r of refused) {
        expect(r.retryAfter).toBe('900');
        expect(r.body.code).toBe(429);
      }
    });
  });

  it(`${LOGIN_FAILURES_PER_ADDRESS * 2} parallel wrong logins for different accounts from one address: exactly ${LOGIN_FAILURES_PER_ADDRESS} are checked`, async () => {
    await onOwnClock(20, async () => {
      const answers = await Promise.all(
        Array.from({ length: LOGIN_FAILURES_PER_ADDRESS * 2 }, () =>
          post(`${USER}/login`, { username: uniqueEmail('raden'), password: 'Fout#Wachtwoord1' }),
        ),
      );
      expect(answers.filter((a) => a.status === 401)).toHaveLength(LOGIN_FAILURES_PER_ADDRESS);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(LOGIN_FAILURES_PER_ADDRESS);
    });
  });

  it(`${LOOKUPS_PER_ADDRESS * 2} parallel customer searches from one address: exactly ${LOOKUPS_PER_ADDRESS} answered`, async () => {
    await onOwnClock(30, async () => {
      const answers = await Promise.all(
        Array.from({ length: LOOKUPS_PER_ADDRESS * 2 }, () =>
          post(`${USER}/customer-search`, { email_address: uniqueEmail() }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(LOOKUPS_PER_ADDRESS);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(LOOKUPS_PER_ADDRESS);
    });
  });
});
