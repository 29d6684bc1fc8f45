import type { PayloadVersionRefusal } from '../contract/payload-version.ts';

/**
 * The version of a write's body (docs/api.md "Payload versions"): the device sends the version its queued task or
 * waiting order was made with, the server accepts every version of an endpoint from `oldest` to `current` and
 * answers an older one with a 400 naming this header. A request without it is version 1, the body as every device
 * sent it before the header existed.
 */
export const PAYLOAD_VERSION_HEADER: PayloadVersionRefusal['field'] = 'x-payload-version';

/** The version of every body as it was first agreed, and of a request that names none. */
export const FIRST_PAYLOAD_VERSION = 1;

export const PAYLOAD_VERSION_TOO_OLD: PayloadVersionRefusal['error'] = 'payload_version_too_old';
export const PAYLOAD_VERSION_UNKNOWN: PayloadVersionRefusal['error'] = 'payload_version_unknown';

/** The versions of a write endpoint's body the server takes: `oldest` stays accepted for the period in docs/api.md. */
export interface PayloadVersions {
  current: number;
  oldest: number;
}

export const DEFAULT_PAYLOAD_VERSIONS: PayloadVersions = {
  current: FIRST_PAYLOAD_VERSION,
  oldest: FIRST_PAYLOAD_VERSION,
};

/**
 * The write endpoints whose body has moved past version 1, by `METHOD /route` as the server registers it (e.g.
 * `POST /api/order`); every other write endpoint takes version 1 only. When a body changes, its entry's `current`
 * goes up and `oldest` stays until the period has passed (CONTRIBUTING.md "Changing a task's payload or a write
 * endpoint's body").
 */
export const WRITE_PAYLOAD_VERSIONS: Readonly<Record<string, PayloadVersions>> = {};

/**
 * Whether a request's payload version is one the endpoint takes: null when it is, else the refusal's meta. The
 * header as it came (absent: version 1; a list: its first).
 */
export function payloadVersionRefusal(header: unknown, versions: PayloadVersions): PayloadVersionRefusal | null {
  const given = Array.isArray(header) ? header[0] : header;
  const version = given === undefined ? FIRST_PAYLOAD_VERSION : /^\d{1,6}$/.test(String(given)) ? Number(given) : null;
  if (version !== null && version >= versions.oldest && version <= versions.current) return null;
  return {
    error: version !== null && version < versions.oldest ? PAYLOAD_VERSION_TOO_OLD : PAYLOAD_VERSION_UNKNOWN,
    field: PAYLOAD_VERSION_HEADER,
    version,
    oldest: versions.oldest,
    current: versions.current,
  };
}

/** Whether an answer is the server's refusal of a body too old to accept: the device marks that work failed. */
export function isPayloadTooOld(answer: { code: number; meta?: unknown }): boolean {
  const meta = answer.meta as { error?: unknown } | undefined;
  return answer.code === 400 && meta?.error === PAYLOAD_VERSION_TOO_OLD;
}
