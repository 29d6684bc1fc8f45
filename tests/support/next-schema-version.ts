import type { RxJsonSchema } from 'rxdb';
import { collections } from '../../schemas/index.ts';

type Collections = typeof collections;
type Name = keyof Collections;
type Doc = Record<string, unknown>;

/** One collection of the shop at its next schema version, with the strategy given for that version. */
function bumped(base: Collections, name: Name, schema: RxJsonSchema<Doc>, strategy: (doc: Doc) => Doc): Collections {
  const current = base[name] as { schema: RxJsonSchema<Doc>; migrationStrategies: Record<number, unknown> };
  const version = current.schema.version + 1;
  return {
    ...base,
    [name]: {
      schema: { ...schema, version },
      migrationStrategies: { ...current.migrationStrategies, [version]: strategy },
    },
  } as Collections;
}

/**
 * The shop's next version as a schema change ships it: `name`'s version bumped, its field `from` renamed to `to` (in
 * the properties and the required list), and the strategy that moves the value.
 */
export function withRenamedField(base: Collections, name: Name, from: string, to: string): Collections {
  const schema = base[name].schema as unknown as RxJsonSchema<Doc>;
  const { [from]: moved, ...properties } = schema.properties as Record<string, unknown>;
  const renamed = {
    ...schema,
    properties: { ...properties, [to]: moved },
    required: (schema.required as string[] | undefined)?.map((field) => (field === from ? to : field)),
  } as RxJsonSchema<Doc>;
  return bumped(base, name, renamed, ({ [from]: value, ...rest }) => ({ ...rest, [to]: value }));
}

/** The shop's next version with `name`'s version bumped, its schema unchanged, and `strategy` for that version. */
export function withStrategy(base: Collections, name: Name, strategy: (doc: Doc) => Doc): Collections {
  return bumped(base, name, base[name].schema as unknown as RxJsonSchema<Doc>, strategy);
}

/** The shop's next version with a broken migration: `name`'s version bumped, its strategy throws on every document. */
export function withThrowingStrategy(base: Collections, name: Name): Collections {
  const schema = base[name].schema as unknown as RxJsonSchema<Doc>;
  return bumped(base, name, schema, () => {
    throw new Error(`a bug in the ${name} migration`);
  });
}
