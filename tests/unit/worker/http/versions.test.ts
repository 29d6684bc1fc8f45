import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVersion } from '../../../../server/build-version.ts';
import { createHttpClient } from '../../../../worker/http/client.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';

/**
 * docs/api.md "Versions" from the worker's side, against the real server: every request names this build, the
 * server's answers name its own, and the worker keeps the latest for the diagnostics view.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ products: 2 });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function countedFor(version: string): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`ofm_client_version_requests_total{version="${version}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('the build version on the wire', () => {
  it('a request carries the app version, and the server version is known after the first answer', async () => {
    const appVersion = `0.0.1+worker${Date.now() % 100_000}`;
    const http = createHttpClient({ baseUrl: server.baseUrl, appVersion });
    expect(http.serverVersion()).toBeNull();
    const before = await countedFor(appVersion);
    const res = await http.get('/api/directory/countries');
    expect(res.code).toBe(200);
    expect(http.serverVersion()).toBe(buildVersion());
    expect((await countedFor(appVersion)) - before).toBe(1);
  });

  it('a failed request keeps the version last heard', async () => {
    const http = createHttpClient({ baseUrl: server.baseUrl, appVersion: 'dev' });
    await http.get('/api/no-such-route');
    const heard = http.serverVersion();
    expect(heard).toBe(buildVersion());
    const unreachable = createHttpClient({ baseUrl: 'http://127.0.0.1:9', appVersion: 'dev', timeoutMs: 500 });
    await expect(unreachable.get('/api/directory/countries')).rejects.toThrow();
    expect(unreachable.serverVersion()).toBeNull();
  });
});
