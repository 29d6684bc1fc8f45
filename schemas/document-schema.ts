import type { RxJsonSchema } from 'rxdb';

/**
 * A collection's schema with `type: 'object'` (every RxDB document is one) put after the primary key, the key order
 * every schema here was first written in: the JSON stays byte for byte what devices already store a hash of, so no
 * version bump is needed.
 */
export function documentSchema<T>(schema: Omit<RxJsonSchema<T>, 'type'>): RxJsonSchema<T> {
  const { title, version, primaryKey, ...rest } = schema;
  return { title, version, primaryKey, type: 'object', ...rest } as RxJsonSchema<T>;
}

/**
 * A timestamp in ms since epoch, bounded and whole as RxDB requires of a number it indexes. The plain
 * `{ type: 'number' }` timestamps stay as they are: changing them would change the stored schema.
 */
export const epochMs = { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 } as const;

/** A string RxDB can key or index by: it requires a bound on the length of each (the primary key, an indexed field). */
export const indexedString = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/** A field of one JSON type or null. */
export const orNull = <T extends string>(type: T) => ({ anyOf: [{ type }, { type: 'null' as const }] });
