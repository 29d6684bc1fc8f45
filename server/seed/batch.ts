import type { Queryable } from '../db/index.ts';

/**
 * Multi-row INSERT in batches. One statement per `batch` rows keeps PGlite fast (a round trip per row would take
 * minutes at 50 000 products) and stays under PostgreSQL's 65 535 parameter limit.
 *
 * A column may carry a cast, `'doc:jsonb'`, so the same JS values work with both drivers: JSON goes in as text,
 * arrays as JS arrays. `extra` adds parameters that are not columns; `tuple` then builds each row's VALUES entry from
 * the placeholders (used for computed columns such as the weighted tsvector).
 */
export interface InsertOptions {
  batch?: number;
  tuple?: (placeholders: string[]) => string;
  extraParams?: number;
  /** columns whose value `tuple` computes (listed after `columns`) */
  computedColumns?: string[];
}

export async function insertRows(
  q: Queryable,
  table: string,
  columns: string[],
  rows: unknown[][],
  options: InsertOptions = {},
): Promise<void> {
  if (rows.length === 0) return;
  const names = [...columns.map((c) => c.split(':')[0]), ...(options.computedColumns ?? [])];
  const casts = columns.map((c) => c.split(':')[1]);
  const width = columns.length + (options.extraParams ?? 0);
  const batch = Math.max(1, Math.min(options.batch ?? 500, Math.floor(60_000 / width)));
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const row of chunk) {
      const placeholders: string[] = [];
      for (let i = 0; i < width; i++) {
        params.push(row[i] === undefined ? null : row[i]);
        const cast = casts[i];
        placeholders.push(`$${params.length}${cast ? `::${cast}` : ''}`);
      }
      tuples.push(options.tuple ? options.tuple(placeholders) : `(${placeholders.join(', ')})`);
    }
    await q.query(`insert into ${table} (${names.join(', ')}) values ${tuples.join(', ')}`, params);
  }
}

/** JSON for a `:jsonb` column. */
export const json = (value: unknown): string => JSON.stringify(value);
