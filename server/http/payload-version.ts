import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_PAYLOAD_VERSIONS,
  PAYLOAD_VERSION_HEADER,
  PAYLOAD_VERSION_TOO_OLD,
  WRITE_PAYLOAD_VERSIONS,
  payloadVersionRefusal,
  type PayloadVersions,
} from '../../domain/payload-version.ts';
import { HttpError } from './envelope.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * onRequest hook of every route: a write under /api/ whose body is of a version the route no longer (or never)
 * accepts is refused with a 400 naming the header (docs/api.md "Payload versions") before its body is read, so a
 * body of an old shape never reaches the route's schema or handler. `table`: the routes past version 1.
 */
export function payloadVersionGuard(table: Readonly<Record<string, PayloadVersions>> = WRITE_PAYLOAD_VERSIONS) {
  return async (request: FastifyRequest): Promise<void> => {
    const route = request.routeOptions.url;
    if (!WRITE_METHODS.has(request.method) || !route?.startsWith('/api/')) return;
    const versions = table[`${request.method} ${route}`] ?? DEFAULT_PAYLOAD_VERSIONS;
    const refusal = payloadVersionRefusal(request.headers[PAYLOAD_VERSION_HEADER], versions);
    if (!refusal) return;
    const taken = `this endpoint accepts versions ${versions.oldest} to ${versions.current}`;
    const message =
      refusal.error === PAYLOAD_VERSION_TOO_OLD
        ? `${PAYLOAD_VERSION_HEADER}: payload version ${refusal.version} is too old; ${taken}`
        : `${PAYLOAD_VERSION_HEADER}: not a payload version this server knows; ${taken}`;
    throw new HttpError(400, message, refusal);
  };
}
