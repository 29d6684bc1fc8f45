import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../worker/config.ts';
import { createHttpClient } from '../../../../worker/http/client.ts';
import { NetworkError, ResponseFormatError } from '../../../../worker/http/errors.ts';

/**
 * A loopback server for the failure modes the real API never produces on demand (docs/architecture.md: a fake only for a
 * failure the real thing cannot produce): HTML instead of JSON, JSON without the envelope, an empty body, silence.
 */
let server: Server;
let baseUrl: string;
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    switch (req.url) {
      case '/html':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        return;
      case '/no-body':
        res.writeHead(200, { 'content-type': 'application/json' }).end('');
        return;
      case '/not-envelope':
        res.writeHead(200, { 'content-type': 'application/json' }).end('[1,2]');
        return;
      case '/envelope-404':
        res
          .writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
          .end('{"code":404,"result":"Not found"}');
        return;
      case '/echo?token=abc&cartId=9':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 200, result: req.url, meta: { x: 1 } }));
        return;
      case '/silent':
        return; // never answers
      default:
        res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('spec 000 §5 responses must be JSON', () => {
  it("a non-JSON answer fails with 'Error with response - bad content-type!'", async () => {
    const http = createHttpClient({ baseUrl });
    await expect(http.get('/html')).rejects.toThrow(
      new ResponseFormatError('Error with response - bad content-type!', 200),
    );
  });

  it("a missing body fails with 'Unhandled error, wrong response format!'", async () => {
    const http = createHttpClient({ baseUrl });
    await expect(http.get('/no-body')).rejects.toThrow('Unhandled error, wrong response format!');
    await expect(http.get('/not-envelope')).rejects.toThrow('Unhandled error, wrong response format!');
  });

  it('a JSON envelope with an error code is returned, not thrown, so callers can act on 401/404', async () => {
    const http = createHttpClient({ baseUrl });
    expect(await http.get('/envelope-404')).toEqual({ code: 404, result: 'Not found' });
  });

  it('returns {code, result, meta} and puts token and cartId in the query', async () => {
    const http = createHttpClient({ baseUrl });
    expect(await http.get('/echo', { query: { token: 'abc', cartId: 9, skip: undefined } })).toEqual({
      code: 200,
      result: '/echo?token=abc&cartId=9',
      meta: { x: 1 },
    });
  });
});

describe('spec 000 §9 client timeout and online detection', () => {
  it('the client timeout is 5000 ms', () => {
    expect(defaultConfig().httpTimeoutMs).toBe(5000);
  });

  it('a server that does not answer within the timeout fails with a network error (ETIMEDOUT)', async () => {
    const http = createHttpClient({ baseUrl, timeoutMs: 150 });
    const started = Date.now();
    const error = await http.get('/silent').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).code).toBe('ETIMEDOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('an unreachable server is a network error', async () => {
    const http = createHttpClient({ baseUrl: 'http://127.0.0.1:1' });
    await expect(http.get('/x')).rejects.toBeInstanceOf(NetworkError);
  });

  it('while offline no request is made', async () => {
    const before = requests;
    const http = createHttpClient({ baseUrl, isOnline: () => false });
    const error = await http.get('/echo').catch((e: unknown) => e);
    expect((error as NetworkError).code).toBe('OFFLINE');
    expect(requests).toBe(before);
  });
});
