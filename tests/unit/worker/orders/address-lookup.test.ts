import { describe, expect, it, vi } from 'vitest';
import { lookupAddress } from '../../../../worker/orders/address-lookup.ts';
import { contextSuite } from '../support/test-db.ts';

vi.setConfig({ testTimeout: 30_000 });

const suite = contextSuite(4);
const lookups = (requests: string[]) => requests.filter((p) => p.startsWith('/api/ext/address/lookup'));

describe('postcode lookup through the worker (spec 000 §9 "Postcode lookup is allowed for NL and BE")', () => {
  it('answers street and city for NL, the gemeente for BE, and which field was not found', async () => {
    const ctx = await suite.open();
    expect(await lookupAddress(ctx, 'nl', '3511 aj', '171')).toEqual({
      status: 'found',
      street: 'Oudegracht',
      city: 'Utrecht',
    });
    expect(await lookupAddress(ctx, 'BE', '2000', '')).toEqual({ status: 'found', street: null, city: 'Antwerpen' });
    expect(await lookupAddress(ctx, 'NL', '1234ZZ', '1')).toEqual({ status: 'not-found', field: 'postcode' });
    expect(await lookupAddress(ctx, 'NL', '3521AB', '7')).toEqual({ status: 'not-found', field: 'houseNumber' });
  });

  it('is unavailable offline (no request) and for input the server refuses, and never queues or throws', async () => {
    const ctx = await suite.open({ online: false });
    expect(await lookupAddress(ctx, 'NL', '3511AJ', '171')).toEqual({ status: 'unavailable' });
    expect(lookups(ctx.requests)).toHaveLength(0);
    ctx.online.next(true);
    expect(await lookupAddress(ctx, 'DE', '10115', '1')).toEqual({ status: 'unavailable' });
    expect(await ctx.db.sync_tasks.count().exec()).toBe(0);
  });
});
