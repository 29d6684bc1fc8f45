import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYLOAD_VERSION_HEADER } from '../../../domain/payload-version.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { insertProduct, newGuestCart } from '../cart/cart-fixtures.ts';

/** docs/api.md "Payload versions": a write names its body's version; an older one than accepted is a 400 naming it. */

const UPDATE = 'POST /api/ext/shop/cart/update';

async function write(server: TestServer, path: string, body: unknown, version?: string) {
  const res = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(version === undefined ? {} : { [PAYLOAD_VERSION_HEADER]: version }),
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; result: unknown; meta?: Record<string, unknown> },
  };
}

async function serverWithProduct(options: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const server = await startTestServer({ products: 4, ...options });
  await insertProduct(server.db, { id: 990001, sku: 'T-SIMPLE', priceCents: 2995 });
  return server;
}

async function addLine(server: TestServer, version?: string) {
  const cartId = await newGuestCart(server);
  return write(
    server,
    `/api/ext/shop/cart/update?cartId=${cartId}`,
    { cartItem: { sku: 'T-SIMPLE', qty: 1, quoteId: cartId } },
    version,
  );
}

describe('payload versions of today’s write endpoints (all at version 1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serverWithProduct({});
  });
  afterAll(async () => server?.close());

  it('a body of version 1, named or not, is accepted', async () => {
    expect((await addLine(server, '1')).status).toBe(200);
    expect((await addLine(server)).status).toBe(200);
  });

  it('a body too old is a 400 naming the header, with the versions the endpoint takes, and changes nothing', async () => {
    const cartId = await newGuestCart(server);
    const res = await write(
      server,
      `/api/ext/shop/cart/update?cartId=${cartId}`,
      { cartItem: { sku: 'T-SIMPLE', qty: 1, quoteId: cartId } },
      '0',
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(String(res.body.result)).toMatch(/^x-payload-version: payload version 0 is too old/);
    expect(res.body.meta).toEqual({
      error: 'payload_version_too_old',
      field: 'x-payload-version',
      version: 0,
      oldest: 1,
      current: 1,
    });
    const pulled = await fetch(`${server.baseUrl}/api/ext/shop/cart/pull?cartId=${cartId}`).then((r) => r.json());
    expect(pulled.result).toEqual([]);
  });

  it('every write endpoint refuses a body too old, before its own validation', async () => {
    const res = await write(server, '/api/order', { not: 'an order' }, '0');
    expect(res.status).toBe(400);
    expect(res.body.meta?.error).toBe('payload_version_too_old');
  });

  it('a version the server does not know (newer, or not a number) is a 400 naming the header', async () => {
    for (const version of ['2', 'abc']) {
      const res = await addLine(server, version);
      expect(res.status).toBe(400);
      expect(String(res.body.result)).toMatch(/^x-payload-version: /);
      expect(res.body.meta?.error).toBe('payload_version_unknown');
    }
  });

  it('a read is not versioned', async () => {
    const res = await fetch(`${server.baseUrl}/api/catalog/vue_storefront_catalog/product/_search`, {
      headers: { [PAYLOAD_VERSION_HEADER]: '0' },
    });
    expect(res.status).not.toBe(400);
  });
});

describe('an endpoint whose body moved to version 2 keeps accepting version 1 for the period', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serverWithProduct({ payloadVersions: { [UPDATE]: { current: 2, oldest: 1 } } });
  });
  afterAll(async () => server?.close());

  it('the previous version and the current one are both accepted', async () => {
    expect((await addLine(server, '1')).status).toBe(200);
    expect((await addLine(server, '2')).status).toBe(200);
  });

  it('a version older than the oldest accepted is refused naming the range', async () => {
    const res = await addLine(server, '0');
    expect(res.status).toBe(400);
    expect(res.body.meta).toMatchObject({ error: 'payload_version_too_old', oldest: 1, current: 2 });
    expect(String(res.body.result)).toContain('accepts versions 1 to 2');
  });
});
