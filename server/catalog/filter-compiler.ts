import { badRequest } from '../http/envelope.ts';
import type { SqlParams } from './sql-params.ts';

/**
 * Compiles the catalogue filter language of docs/api.md into SQL conditions: a field maps to a value
 * (equality; a list means "in") or to an operator object (eq, neq, in, nin, gt, gte, lt, lte). Field names are looked
 * up in a whitelist of columns, or in the set of attribute codes (products only); values only ever travel as
 * parameters. Anything else is a 400 that names the field.
 */
export type FieldKind = 'int' | 'text' | 'date' | 'money' | 'intarray' | 'bool' | 'attribute';

export interface FieldSpec {
  kind: FieldKind;
  /** SQL expression; a function when it needs parameters of its own (the final price needs "today"). */
  sql: string | ((params: SqlParams) => string);
}

/** Fields that are columns of one table under their own name, `{ sku: 'text' }` → `sku` is `p.sku`, by kind. */
export function columnFields(alias: string, columns: Record<string, FieldKind>): Record<string, FieldSpec> {
  return Object.fromEntries(Object.entries(columns).map(([name, kind]) => [name, { kind, sql: `${alias}.${name}` }]));
}

export const OPERATORS = ['eq', 'neq', 'in', 'nin', 'gt', 'gte', 'lt', 'lte'] as const;
type Operator = (typeof OPERATORS)[number];
const RANGE_OPERATORS = new Set<Operator>(['gt', 'gte', 'lt', 'lte']);
const MAX_LIST = 500;

export interface FilterSchema {
  fields: Record<string, FieldSpec>;
  /** Attribute codes usable as filters (products); matched against the `attrs` jsonb column. */
  attributeCodes?: ReadonlySet<string>;
}

/** Shown in a 400 message: the caller's field name, shortened, so a hostile name cannot blow up the answer. */
export function fieldLabel(name: string): string {
  return name.length > 60 ? `${name.slice(0, 60)}…` : name;
}

export function resolveField(schema: FilterSchema, name: string, where = 'filter'): FieldSpec {
  if (Object.hasOwn(schema.fields, name)) return schema.fields[name];
  if (schema.attributeCodes?.has(name)) return { kind: 'attribute', sql: name };
  throw badRequest(`${where}.${fieldLabel(name)} is not a filterable field`);
}

export function compileFilter(filter: Record<string, unknown>, schema: FilterSchema, params: SqlParams): string[] {
  const conditions: string[] = [];
  for (const [name, condition] of Object.entries(filter)) {
    const field = resolveField(schema, name);
    const label = `filter.${fieldLabel(name)}`;
    if (condition !== null && typeof condition === 'object' && !Array.isArray(condition)) {
      const entries = Object.entries(condition as Record<string, unknown>);
      if (entries.length === 0) throw badRequest(`${label} must name at least one operator`);
      for (const [op, value] of entries) {
        if (!(OPERATORS as readonly string[]).includes(op)) {
          throw badRequest(`${label}.${fieldLabel(op)} is not a known operator (${OPERATORS.join(', ')})`);
        }
        conditions.push(compileCondition(field, op as Operator, value, `${label}.${op}`, params));
      }
    } else if (Array.isArray(condition)) {
      conditions.push(compileCondition(field, 'in', condition, label, params));
    } else {
      conditions.push(compileCondition(field, 'eq', condition, label, params));
    }
  }
  return conditions;
}

function compileCondition(field: FieldSpec, op: Operator, raw: unknown, label: string, params: SqlParams): string {
  const column = typeof field.sql === 'function' ? field.sql(params) : field.sql;
  const isList = op === 'in' || op === 'nin';
  if (isList && !Array.isArray(raw)) throw badRequest(`${label} must be a list`);
  if (!isList && Array.isArray(raw)) throw badRequest(`${label} must be a single value`);
  if (isList && (raw as unknown[]).length > MAX_LIST) throw badRequest(`${label} must have at most ${MAX_LIST} values`);
  if (RANGE_OPERATORS.has(op) && (field.kind === 'intarray' || field.kind === 'bool' || field.kind === 'attribute')) {
    throw badRequest(`${label} is not supported for this field`);
  }

  if (raw === null) {
    if (op !== 'eq' && op !== 'neq') throw badRequest(`${label} must not be null`);
    if (field.kind === 'attribute') return `${op === 'eq' ? 'not ' : ''}(p.attrs ? ${params.add(column)})`;
    if (field.kind === 'intarray') return `cardinality(${column}) ${op === 'eq' ? '=' : '>'} 0`;
    return `${column} is ${op === 'eq' ? '' : 'not '}null`;
  }

  if (field.kind === 'attribute') {
    const values = (isList ? (raw as unknown[]) : [raw]).map((v) => toText(v, label));
    if (values.length === 0) return op === 'in' ? 'false' : 'true';
    // One containment test per value keeps every test answerable from the jsonb_path_ops GIN index.
    const tests = values.map((v) => `p.attrs @> ${params.add(JSON.stringify({ [column]: [v] }))}::jsonb`);
    const any = tests.length === 1 ? tests[0] : `(${tests.join(' or ')})`;
    return op === 'eq' || op === 'in' ? any : `not ${any}`;
  }

  if (field.kind === 'intarray') {
    const values = (isList ? (raw as unknown[]) : [raw]).map((v) => toInt(v, label));
    if (values.length === 0) return op === 'in' ? 'false' : 'true';
    const p = params.add(values);
    if (op === 'eq') return `${column} @> ${p}::int[]`;
    if (op === 'in') return `${column} && ${p}::int[]`;
    return `not (${column} && ${p}::int[])`;
  }

  const cast = castFor(field.kind);
  if (isList) {
    const values = (raw as unknown[]).map((v) => convert(field.kind, v, label));
    if (values.length === 0) return op === 'in' ? 'false' : 'true';
    const p = `${params.add(values)}::${cast}[]`;
    return op === 'in' ? `${column} = any(${p})` : `not (${column} = any(${p}) and ${column} is not null)`;
  }
  const p = `${params.add(convert(field.kind, raw, label))}::${cast}`;
  switch (op) {
    case 'eq':
      return `${column} = ${p}`;
    case 'neq':
      return `${column} is distinct from ${p}`;
    case 'gt':
      return `${column} > ${p}`;
    case 'gte':
      return `${column} >= ${p}`;
    case 'lt':
      return `${column} < ${p}`;
    default:
      return `${column} <= ${p}`;
  }
}

function castFor(kind: FieldKind): string {
  switch (kind) {
    case 'int':
    case 'money':
      return 'int';
    case 'date':
      return 'timestamptz';
    case 'bool':
      return 'boolean';
    default:
      return 'text';
  }
}

function convert(kind: FieldKind, value: unknown, label: string): unknown {
  switch (kind) {
    case 'int':
      return toInt(value, label);
    case 'money':
      return toMoneyCents(value, label);
    case 'date':
      return toDate(value, label);
    case 'bool':
      return toBool(value, label);
    default:
      return toText(value, label);
  }
}

function toInt(value: unknown, label: string): number {
  const n = typeof value === 'string' && /^-?\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || Math.abs(n) > 2_147_483_647) {
    throw badRequest(`${label} must be an integer`);
  }
  return n;
}

/** Price filters are in euros, as the documents carry them; the columns are cents. */
function toMoneyCents(value: unknown, label: string): number {
  const n = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > 10_000_000) {
    throw badRequest(`${label} must be a number (euros)`);
  }
  return Math.round(n * 100);
}

function toText(value: unknown, label: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.length <= 500) return value;
  throw badRequest(`${label} must be a string or number`);
}

function toDate(value: unknown, label: string): string {
  const d = typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) throw badRequest(`${label} must be a date`);
  return d.toISOString();
}

function toBool(value: unknown, label: string): boolean {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  throw badRequest(`${label} must be a boolean`);
}

export interface SortKey {
  field: string;
  dir: 'asc' | 'desc';
}

/** `'field:asc'`, `'field:desc'`, `'field'` or a list of them; fields come from the entity's sort whitelist. */
export function parseSort(sort: unknown, allowed: ReadonlySet<string>): SortKey[] {
  if (sort === undefined || sort === null || sort === '') return [];
  const list = Array.isArray(sort) ? sort : [sort];
  if (list.length > 5) throw badRequest('sort must have at most 5 keys');
  return list.map((entry, i) => {
    const where = Array.isArray(sort) ? `sort.${i}` : 'sort';
    if (typeof entry !== 'string') throw badRequest(`${where} must be a string 'field:asc' or 'field:desc'`);
    const [field, dir = 'asc', extra] = entry.split(':');
    if (extra !== undefined || (dir !== 'asc' && dir !== 'desc')) {
      throw badRequest(`${where} must be 'field:asc' or 'field:desc'`);
    }
    if (!allowed.has(field)) throw badRequest(`${where}: ${fieldLabel(field)} is not a sortable field`);
    return { field, dir };
  });
}
