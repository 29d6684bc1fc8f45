import { Type, type Static, type TSchema } from 'typebox';

/**
 * `{ type: [T, 'null'] }` rather than TypeBox's `anyOf`: ajv coerces and reports a one-type-list field as
 * "body.x must be string,null", the 400 texts the API answers (spec 000 §5 "bad input names the field").
 */
export const Nullable = <T extends TSchema & { type: string }>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

/** A string out of a fixed list as `{ enum }`, which ajv reports as one message instead of one per literal. */
export const StringEnum = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/** Any JSON object, validated only as an object; the static type says which keys the reader uses. */
export const LooseObject = <T extends object>() => Type.Unsafe<T>({ type: 'object' });
