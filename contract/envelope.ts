import { Type, type Static } from 'typebox';

/**
 * Every answer of the API is `{ code, result, meta? }` with the HTTP status equal to `code` (docs/api.md); an error's `result` is its message. `result` is typed per call by the generic type below.
 */
export const Envelope = Type.Object({
  code: Type.Integer(),
  result: Type.Unknown(),
  meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type Envelope<T = unknown> = Omit<Static<typeof Envelope>, 'result'> & { result: T };
