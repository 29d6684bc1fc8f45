/** Prints rows as a Markdown table (the bench output is pasted into docs/benchmarks.md and issue notes as is). */
export function printTable(title: string, rows: Record<string, string | number>[]): void {
  if (rows.length === 0) return;
  const headers = Object.keys(rows[0]);
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  console.log(`\n### ${title}\n`);
  console.log(line(headers));
  console.log(line(headers.map(() => '---')));
  for (const row of rows) console.log(line(headers.map((h) => row[h] ?? '')));
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
