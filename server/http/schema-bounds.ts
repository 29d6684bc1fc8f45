import type { RouteOptions } from 'fastify';

/**
 * Every number a route accepts is bounded unless its schema says otherwise: an `integer` to PostgreSQL's int4 (ids,
 * quantities and pages are int4 columns or compared with them, so 2147483648 or 1e300 would be a database error),
 * any other `number` to a finite range far beyond a real price or coordinate. Applied to each route's schema as it
 * is registered, so no route has to remember it.
 */
const INT4 = { minimum: -2_147_483_648, maximum: 2_147_483_647 };
const FINITE = { minimum: -1e12, maximum: 1e12 };

type Schema = Record<string | symbol, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typesOf(schema: Schema): unknown[] {
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** A copy of `schema` with its numbers bounded; the copy keeps every other key (symbols too). */
export function boundNumbers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundNumbers);
  if (!isSchema(schema)) return schema;
  const copy: Schema = { ...schema };
  for (const key of ['properties', 'patternProperties', 'definitions', '$defs'] as const) {
    if (isSchema(copy[key])) {
      copy[key] = Object.fromEntries(
        Object.entries(copy[key] as Schema).map(([name, child]) => [name, boundNumbers(child)]),
      );
    }
  }
  for (const key of [
    'items',
    'additionalProperties',
    'anyOf',
    'oneOf',
    'allOf',
    'not',
    'prefixItems',
    'if',
    'then',
    'else',
  ] as const) {
    if (copy[key] !== undefined) copy[key] = boundNumbers(copy[key]);
  }
  const types = typesOf(copy);
  const bounds = types.includes('integer') ? INT4 : types.includes('number') ? FINITE : null;
  if (bounds) {
    const says = (k: string) =>
      copy[k] !== undefined || copy[`exclusive${k[0].toUpperCase()}${k.slice(1)}`] !== undefined;
    if (!says('minimum')) copy.minimum = bounds.minimum;
    if (!says('maximum')) copy.maximum = bounds.maximum;
  }
  return copy;
}

/** onRoute hook: bounds the numbers of the route's body, querystring, params and headers schemas. */
export function boundRouteNumbers(route: RouteOptions): void {
  const schema = route.schema as Schema | undefined;
  if (!schema) return;
  const bounded: Schema = { ...schema };
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    if (schema[part] !== undefined) bounded[part] = boundNumbers(schema[part]);
  }
  route.schema = bounded;
}
