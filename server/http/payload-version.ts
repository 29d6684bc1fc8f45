import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_PAYLOAD_VERSIONS,
  FIRST_PAYLOAD_VERSION,
  PAYLOAD_VERSION_HEADER,
  PAYLOAD_VERSION_TOO_OLD,
  PAYLOAD_VERSION_UNKNOWN,
  WRITE_PAYLOAD_VERSIONS,
  type PayloadVersionRefusal,
  type PayloadVersions,
} from '../../contract/payload-version.ts';
import { HttpError } from './envelope.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The versions a write route takes: its entry in the table, else version 1 only. */
export function payloadVersionsOf(
  route: string,
  table: Readonly<Record<string, PayloadVersions>> = WRITE_PAYLOAD_VERSIONS,
): PayloadVersions {
  return table[route] ?? DEFAULT_PAYLOAD_VERSIONS;
}

/** The refusal of a request's payload version, or null when the route takes it (docs/api.md "Payload versions"). */
export function payloadVersionRefusal(header: unknown, versions: PayloadVersions): HttpError | null {
  const given = Array.isArray(header) ? header[0] : header;
  const version = given === undefined ? FIRST_PAYLOAD_VERSION : /^\d{1,6}$/.test(String(given)) ? Number(given) : null;
  if (version !== null && version >= versions.oldest && version <= versions.current) return null;
  const meta: PayloadVersionRefusal = {
    error: version !== null && version < versions.oldest ? PAYLOAD_VERSION_TOO_OLD : PAYLOAD_VERSION_UNKNOWN,
    field: PAYLOAD_VERSION_HEADER,
    version,
    oldest: versions.oldest,
    current: versions.current,
  };
  const taken = `this endpoint accepts versions ${versions.oldest} to ${versions.current}`;
  const message =
    meta.error === PAYLOAD_VERSION_TOO_OLD
      ? `${PAYLOAD_VERSION_HEADER}: payload version ${version} is too old; ${taken}`
      : `${PAYLOAD_VERSION_HEADER}: not a payload version this server knows; ${taken}`;
  return new HttpError(400, message, meta);
}

/**
 * onRequest hook of every route: a write under /api/ whose body is of a version the route no longer (or never)
 * accepts is refused before its body is read, so a body of an old shape never reaches the route's schema or handler.
 */
export function payloadVersionGuard(table: Readonly<Record<string, PayloadVersions>> = WRITE_PAYLOAD_VERSIONS) {
  return async (request: FastifyRequest): Promise<void> => {
    const route = request.routeOptions.url;
    if (!WRITE_METHODS.has(request.method) || !route?.startsWith('/api/')) return;
    const refusal = payloadVersionRefusal(
      request.headers[PAYLOAD_VERSION_HEADER],
      payloadVersionsOf(`${request.method} ${route}`, table),
    );
    if (refusal) throw refusal;
  };
}
