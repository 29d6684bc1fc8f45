import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { normaliseUrlPath } from './url-map-route.ts';

/** Paths that are never product pages: the API, images, built assets, files with an extension. */
function isCandidate(path: string): boolean {
  if (path === '' || path.startsWith('api/') || path.startsWith('img/') || path.startsWith('assets/')) return false;
  if (path === 'healthz') return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.') && path.length <= 500;
}

/**
 * Spec 000 §2: "A configurable child product URL redirects with status 301 to the parent product URL". The app's
 * dispatcher does it for in-app navigation; this hook does it for a direct page load. One indexed lookup per
 * page navigation (GET of a non-API path), nothing for API calls.
 */
export function childRedirectHook(db: () => Queryable) {
  return async function onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.method !== 'GET') return;
    const raw = request.url.split('?')[0];
    if (raw.startsWith('/api/')) return;
    const path = normaliseUrlPath(raw);
    if (!isCandidate(path)) return;
    const { rows } = await db().query<{ target: string; sku: string }>(
      `select target, sku from (
         select ltrim(coalesce(u.target_path, par.url_path), '/') as target, c.sku, 0 as prio
           from url_rewrites u join products c on c.id = u.entity_id join products par on par.id = c.parent_id
          where u.url_path = $1 and u.entity_type = 'product' and u.redirect_type = 301
         union all
         select par.url_path, c.sku, 1 from products c join products par on par.id = c.parent_id where c.url_path = $1) t
       order by prio limit 1`,
      [path],
    );
    const row = rows[0];
    if (!row) return;
    const target = row.target.split('?')[0];
    reply.redirect(`/${target}?childSku=${encodeURIComponent(row.sku)}`, 301);
  };
}
