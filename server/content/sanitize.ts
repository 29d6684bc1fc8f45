import { FilterXSS } from 'xss';

const filter = new FilterXSS({ stripIgnoreTagBody: ['script', 'style'] });

/**
 * Every string in CMS content that contains markup goes through the `xss` whitelist before it leaves the server:
 * rich-text html fields are rendered with innerHTML by the storefront, so an editor (or a compromised CMS row) must
 * not be able to ship script.
 */
export function sanitizeContent<T>(value: T): T {
  return walk(value, 0) as T;
}

function walk(value: unknown, depth: number): unknown {
  if (depth > 64) return null;
  if (typeof value === 'string') return value.includes('<') ? filter.process(value) : value;
  if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, depth + 1);
    return out;
  }
  return value;
}
