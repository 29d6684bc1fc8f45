import { Type, type Static } from 'typebox';

/**
 * The `meta` of the 400 that refuses a write's payload version (docs/api.md "Payload versions";
 * domain/payload-version.ts): `payload_version_too_old` for a body older than the endpoint still accepts (the device
 * marks that work failed and shows it), `payload_version_unknown` for a version the server does not know. `field`
 * names the header; `version` is what came (null when not a number), `oldest` and `current` what the endpoint takes.
 */
export const PayloadVersionRefusal = Type.Object({
  error: Type.Union([Type.Literal('payload_version_too_old'), Type.Literal('payload_version_unknown')]),
  field: Type.Literal('x-payload-version'),
  version: Type.Union([Type.Integer(), Type.Null()]),
  oldest: Type.Integer(),
  current: Type.Integer(),
});
export type PayloadVersionRefusal = Static<typeof PayloadVersionRefusal>;
