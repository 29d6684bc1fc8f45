import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';

let server: TestServer;
useTestServer({ products: 40 }, (started) => {
  server = started;
});

const search = (encoding: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/catalog/nl/product/_search',
    headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
    payload: { size: 24 },
  });

describe('compressed answers', () => {
  // A page of whole documents is tens of KB: above the plugin's own 8 KiB stream limit, below our 64 KiB.
  it('a listing page answers gzip or brotli as the client asks, with the same JSON as uncompressed', async () => {
    const plain = await search('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    const gzip = await search('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const br = await search('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });
});
