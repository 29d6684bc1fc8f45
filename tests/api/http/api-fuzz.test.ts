import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../../support/test-server.ts';
import { addItem, makeCustomer, query } from '../cart/cart-fixtures.ts';

/**
 * Bad input never answers 500 (docs/api.md: bad input is a 400 naming the field). Walks Fastify's own route
 * table and sends every route hostile values — NUL bytes, lone surrogates, integers beyond int4, huge and non-finite
 * numbers, out-of-range dates, very deep nesting, wrong types and missing fields — in body, query and params.
 * Asserts no 5xx, the `{ code, result }` envelope on every JSON answer, and a healthy server afterwards.
 */
type Schema = Record<string, unknown>;
interface CollectedRoute {
  method: string;
  url: string;
  schema: { body?: Schema; querystring?: Schema; params?: Schema };
}

const routes: CollectedRoute[] = [];
let server: TestServer;
let auth: { token: string; cartId: string };

const DEEP = 20_000;
const deepJson = '['.repeat(DEEP) + ']'.repeat(DEEP);
/** Hostile JSON values, as raw JSON text (a lone surrogate survives only as an escape). */
const HOSTILE_JSON: Record<string, string> = {
  nul: JSON.stringify('a\u0000b'),
  loneSurrogate: '"a\\ud800b"',
  int4Over: '2147483648',
  int4Under: '-2147483649',
  huge: '1e300',
  hugeString: '"1e300"',
  negative: '-1',
  fraction: '0.5',
  dateOutOfRange: '"0000-01-01"',
  longString: JSON.stringify('x'.repeat(5000)),
  object: '{"gt":"0000-01-01"}',
  array: '["a\\u0000b"]',
  boolean: 'true',
  null: 'null',
  deep: deepJson,
};
/** Hostile query and path values, already percent-encoded (%ED%A0%80 is a UTF-8 encoded lone surrogate). */
const HOSTILE_URL: Record<string, string> = {
  nul: 'a%00b',
  loneSurrogate: 'a%ED%A0%80b',
  badPercent: '%E0%A4%A',
  int4Over: '2147483648',
  int4Under: '-2147483649',
  huge: '1e300',
  infinity: 'Infinity',
  nan: 'NaN',
  negative: '-1',
  dateOutOfRange: '0000-01-01',
  longString: 'x'.repeat(3000),
  empty: '',
};

const typeOf = (schema: Schema): string | undefined => {
  const t = schema.type;
  return Array.isArray(t) ? (t.find((x) => x !== 'null') as string | undefined) : (t as string | undefined);
};
const alternatives = (schema: Schema) => (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;

/** A plausible value for a schema, so a hostile value in one field gets past the others. */
function sample(schema: Schema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const alts = alternatives(schema);
  if (alts) return sample(alts.find((a) => typeOf(a) !== 'null' && a.type !== undefined) ?? alts[0], name, depth + 1);
  switch (typeOf(schema)) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sample(v, k, depth + 1)]));
    }
    case 'array':
      return [sample(schema.items as Schema | undefined, name, depth + 1)];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(1, schema.minimum) : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (/mail|username/i.test(name)) return 'demo@ofm-shop.nl';
      if (schema.pattern) return 'NL';
      return 'abc12345';
  }
}

/** Dotted paths of the fields a schema names (nested objects too), at most `limit`. */
function fieldPaths(schema: Schema | undefined, limit = 14): string[][] {
  const paths: string[][] = [];
  const walk = (s: Schema | undefined, prefix: string[]) => {
    if (!s || paths.length >= limit || prefix.length > 4) return;
    const alts = alternatives(s);
    if (alts)
      return walk(
        alts.find((a) => typeOf(a) === 'object'),
        prefix,
      );
    if (typeOf(s) !== 'object') return;
    for (const [key, child] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
      if (paths.length >= limit) return;
      paths.push([...prefix, key]);
      walk(child, [...prefix, key]);
    }
  };
  walk(schema, []);
  return paths;
}

/** JSON text of `base` with the value at `path` replaced by raw JSON text. */
function jsonWith(base: unknown, path: string[], rawValue: string): string {
  const marker = '__HOSTILE_VALUE__';
  const copy = structuredClone(base ?? {}) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null || Array.isArray(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = marker;
  return JSON.stringify(copy).replace(`"${marker}"`, rawValue);
}

const hasBody = (method: string) => !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);

interface Probe {
  method: string;
  path: string;
  body?: string;
  what: string;
}

/** Every probe of one route: hostile values per field and location, wrong body types, missing fields. */
function probesFor(route: CollectedRoute, withAuth: (i: number) => Record<string, string>): Probe[] {
  const probes: Probe[] = [];
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const pathWith = (values: Record<string, string> = {}) =>
    route.url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? 'abc12345').replace(/\*$/, 'x');
  const baseQuery = (route.schema.querystring ? sample(route.schema.querystring) : {}) as Record<string, unknown>;
  const queryText = (values: Record<string, unknown>) =>
    Object.entries(values)
      .filter(([, v]) => v !== undefined && (typeof v !== 'object' || v === null))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&');
  const url = (path: string, extra: string, i: number) => {
    const q = [queryText({ ...baseQuery, ...withAuth(i) }), extra].filter(Boolean).join('&');
    return q ? `${path}?${q}` : path;
  };
  const base = route.schema.body ? sample(route.schema.body) : {};
  const baseBody = hasBody(route.method) ? JSON.stringify(base) : undefined;

  // Query: every named field (and a few the server reads without a schema), each hostile value.
  const queryFields = [...new Set([...fieldPaths(route.schema.querystring).map((p) => p[0]), 'token', 'cartId'])];
  for (const field of queryFields) {
    for (const [kind, raw] of Object.entries(HOSTILE_URL)) {
      const rest = { ...baseQuery, ...withAuth(probes.length) };
      delete rest[field];
      const q = [queryText(rest), `${encodeURIComponent(field)}=${raw}`].filter(Boolean).join('&');
      probes.push({ method: route.method, path: `${pathWith()}?${q}`, body: baseBody, what: `query ${field} ${kind}` });
    }
  }
  // Params: each hostile value in each path parameter.
  for (const name of paramNames) {
    for (const [kind, raw] of Object.entries(HOSTILE_URL)) {
      if (raw === '') continue;
      probes.push({
        method: route.method,
        path: url(pathWith({ [name]: raw }), '', probes.length),
        body: baseBody,
        what: `params ${name} ${kind}`,
      });
    }
  }
  if (hasBody(route.method)) {
    for (const field of fieldPaths(route.schema.body)) {
      for (const [kind, raw] of Object.entries(HOSTILE_JSON)) {
        probes.push({
          method: route.method,
          path: url(pathWith(), '', probes.length),
          body: jsonWith(base, field, raw),
          what: `body ${field.join('.')} ${kind}`,
        });
      }
    }
    // The whole body: wrong types, missing fields, deep nesting.
    for (const [kind, raw] of Object.entries({
      empty: '{}',
      array: '[]',
      string: '"x"',
      number: '1',
      null: 'null',
      deep: deepJson,
      deepObject: '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP),
      nulKey: '{"a\\u0000b":1}',
    })) {
      probes.push({ method: route.method, path: url(pathWith(), '', probes.length), body: raw, what: `body ${kind}` });
    }
  }
  return probes;
}

async function send(probe: Probe): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(server.baseUrl + probe.path, {
    method: probe.method,
    headers: probe.body === undefined ? {} : { 'content-type': 'application/json' },
    body: probe.body,
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** Routes that end the session or spend the cart go last, so the others are probed logged in with a live cart. */
const LAST = /logout|\/order$|\/pay\//;

beforeAll(async () => {
  server = await startTestServer({
    products: 6,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: route.url, schema: (route.schema ?? {}) as CollectedRoute['schema'] });
      }
    },
  });
  const customer = await makeCustomer(server.db);
  const cartId = (await api<string>(server, 'POST', `/api/ext/shop/cart/create${query({ token: customer.token })}`))
    .body.result;
  const { rows } = await server.db.query<{ sku: string }>(
    `select p.sku from products p join stock_items s on s.product_id = p.id where p.type_id = 'simple' and s.qty > 5 limit 1`,
  );
  if (rows[0]) await addItem(server, cartId, rows[0].sku, 1, {}, customer.token);
  auth = { token: customer.token, cartId };
});

afterAll(async () => {
  await server?.close();
});

describe('hostile input on every route (issue: bad input never answers 500)', () => {
  it('walks the whole route table', () => {
    const paths = new Set(routes.map((r) => r.url));
    for (const expected of [
      '/healthz',
      '/api/order',
      '/api/ext/shop/user/login',
      '/api/ext/shop/cart/update',
      '/pay/:paymentKey',
    ]) {
      expect(paths).toContain(expected);
    }
    expect(routes.length).toBeGreaterThanOrEqual(60);
  });

  it('no route answers 5xx or drops the envelope, and the server stays healthy', { timeout: 600_000 }, async () => {
    const ordered = [...routes].sort((a, b) => Number(LAST.test(a.url)) - Number(LAST.test(b.url)));
    const withAuth = (i: number): Record<string, string> => (i % 2 === 0 ? auth : {});
    const failures: string[] = [];
    let sent = 0;
    for (const route of ordered) {
      const probes = probesFor(route, withAuth);
      for (let i = 0; i < probes.length; i += 6) {
        const batch = probes.slice(i, i + 6);
        const answers = await Promise.all(batch.map(send));
        sent += batch.length;
        answers.forEach((answer, j) => {
          const probe = batch[j];
          const label = `${probe.method} ${route.url} ${probe.what} → ${answer.status}`;
          if (answer.status >= 500) failures.push(`${label} ${answer.text.slice(0, 160)}`);
          const isApi = route.url.startsWith('/api/') || route.url === '/healthz';
          if (answer.type.includes('application/json')) {
            const body = JSON.parse(answer.text) as { code?: number; result?: unknown };
            if (body.code !== answer.status || !('result' in body))
              failures.push(`${label} envelope ${answer.text.slice(0, 160)}`);
          } else if (isApi && !(answer.status === 204 && answer.text === '')) {
            // 204 with no body is the CSP report sink's answer (browsers send reports and read nothing back)
            failures.push(`${label} not JSON (${answer.type})`);
          }
        });
      }
    }
    expect(sent).toBeGreaterThan(2000);
    expect([...new Set(failures)].slice(0, 60)).toEqual([]);
    const health = await api(server, 'GET', '/healthz');
    expect(health.status).toBe(200);
  });
});
