import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';

/** Spec 001 §5: analytics runs only with a tag-manager id and the GA4 flag; the app asks the server for both. */

describe('TAG_MANAGER_ID and GA4_ENABLED', () => {
  it('are off unless both are set', () => {
    expect(loadConfig({}).analytics).toEqual({ tagManagerId: undefined, ga4: false });
    expect(loadConfig({ TAG_MANAGER_ID: '  ', GA4_ENABLED: 'yes' }).analytics).toEqual({
      tagManagerId: undefined,
      ga4: false,
    });
    expect(loadConfig({ TAG_MANAGER_ID: 'GTM-AB12', GA4_ENABLED: 'true' }).analytics).toEqual({
      tagManagerId: 'GTM-AB12',
      ga4: true,
    });
  });
});

describe('GET /api/analytics/config', () => {
  describe('a server without settings', () => {
    let server: TestServer;
    useTestServer({ products: 2 }, (started) => {
      server = started;
    });
    it('answers no id and the flag off', async () => {
      const res = await api(server, 'GET', '/api/analytics/config');
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({ tagManagerId: null, ga4: false });
    });
  });

  describe('a server with a tag manager and GA4 on', () => {
    let server: TestServer;
    useTestServer({ products: 2, analytics: { tagManagerId: 'GTM-AB12', ga4: true } }, (started) => {
      server = started;
    });
    it('answers the id and the flag', async () => {
      const res = await api(server, 'GET', '/api/analytics/config');
      expect(res.body.result).toEqual({ tagManagerId: 'GTM-AB12', ga4: true });
    });
  });
});
