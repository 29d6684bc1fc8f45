import { Type, type Static } from 'typebox';

/**
 * The version of a write's body (docs/api.md "Payload versions"): the device sends the version its queued task or
 * waiting order was made with, the server accepts every version of an endpoint from `oldest` to `current` and
 * answers an older one with a 400 naming this header. A request without it is version 1, the body as every device
 * sent it before the header existed.
 */
export const PAYLOAD_VERSION_HEADER = 'x-payload-version';

/** The version of every body as it was first agreed, and of a request that names none. */
export const FIRST_PAYLOAD_VERSION = 1;

/** The versions of a write endpoint's body the server takes: `oldest` stays accepted for the period in docs/api.md. */
export interface PayloadVersions {
  current: number;
  oldest: number;
}

/**
 * The write endpoints whose body has moved past version 1, by `METHOD /route` as the server registers it (e.g.
 * `POST /api/order`); every other write endpoint takes version 1 only. When a body changes, its entry's `current`
 * goes up and `oldest` stays until the period has passed (CONTRIBUTING.md "Changing a task's payload or a write
 * endpoint's body").
 */
export const WRITE_PAYLOAD_VERSIONS: Readonly<Record<string, PayloadVersions>> = {};

export const DEFAULT_PAYLOAD_VERSIONS: PayloadVersions = {
  current: FIRST_PAYLOAD_VERSION,
  oldest: FIRST_PAYLOAD_VERSION,
};

/** `meta.error` of the 400 for a body older than the endpoint still accepts: the device marks that work failed. */
export const PAYLOAD_VERSION_TOO_OLD = 'payload_version_too_old';
/** `meta.error` of the 400 for a version the server does not know (newer than its `current`, or not a number). */
export const PAYLOAD_VERSION_UNKNOWN = 'payload_version_unknown';

/** The `meta` of a refused payload version: which version came and which the endpoint takes. */
export const PayloadVersionRefusal = Type.Object({
  error: Type.Union([Type.Literal(PAYLOAD_VERSION_TOO_OLD), Type.Literal(PAYLOAD_VERSION_UNKNOWN)]),
  field: Type.Literal(PAYLOAD_VERSION_HEADER),
  version: Type.Union([Type.Integer(), Type.Null()]),
  oldest: Type.Integer(),
  current: Type.Integer(),
});
export type PayloadVersionRefusal = Static<typeof PayloadVersionRefusal>;

/** Whether an answer is the server's refusal of a body too old to accept (its meta, as `contract/envelope.ts` carries it). */
export function isPayloadTooOld(answer: { code: number; meta?: unknown }): boolean {
  const meta = answer.meta as { error?: unknown } | undefined;
  return answer.code === 400 && meta?.error === PAYLOAD_VERSION_TOO_OLD;
}
