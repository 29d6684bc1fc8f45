import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * CONTRIBUTING.md "Docs": the docs (docs/, README.md, CONTRIBUTING.md, domain/README.md) are a map of today's code,
 * not a notebook. History (dates, run-by-run figures, what was tried and taken back, which issue asked for what) lives
 * in git. No page holds a date, the generated fault-soak report included: a bench table's "Latest run:" line names
 * its run by commit.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const BENCHMARKS = 'docs/benchmarks.md';
const DATE = /\b\d{4}-\d{2}-\d{2}\b/;
const ISSUE_REFERENCE = /\bissues? #?\d+/i;
const HISTORY =
  /tried before and reverted|\b(?:tried|measured)\b[^.]{0,80}\b(?:not kept|taken back|reverted)\b|\btraced (?:on|again)\b/i;

const pages = [
  'README.md',
  'CONTRIBUTING.md',
  'domain/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Lines of a page that break the rule, as "path:line: text". */
function offending(pattern: RegExp, allowed: (path: string, line: string) => boolean = () => false): string[] {
  return pages.flatMap((path) =>
    readFileSync(join(ROOT, path), 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) && !allowed(path, line) ? [`${path}:${index + 1}: ${line}`] : [])),
  );
}

describe('docs are maps, not notebooks', () => {
  test('no page holds a date', () => {
    expect(offending(DATE)).toEqual([]);
  });

  test('no page refers to an issue by number', () => {
    expect(offending(ISSUE_REFERENCE)).toEqual([]);
  });

  test('no page tells what was tried and taken back, or when something was traced', () => {
    expect(offending(HISTORY)).toEqual([]);
  });

  test('every bench table in docs/benchmarks.md has its "Latest run:" header line naming the commit', () => {
    const lines = readFileSync(join(ROOT, BENCHMARKS), 'utf8').split('\n');
    const tableStarts = lines.flatMap((line, index) =>
      line.startsWith('|') && !lines[index - 1]?.startsWith('|') ? [index] : [],
    );
    expect(tableStarts.length).toBeGreaterThan(0);
    for (const start of tableStarts) {
      const header = lines
        .slice(0, start)
        .reverse()
        .find((line) => line.startsWith('Latest run:') || line.startsWith('#'));
      expect(header, `table at line ${start + 1}`).toMatch(/^Latest run: commit [0-9a-f]{7,}/);
    }
  });

  test('no table cell in docs/benchmarks.md runs on (median and worst, no run-by-run lists)', () => {
    const long = readFileSync(join(ROOT, BENCHMARKS), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .flatMap((line) => line.split('|').filter((cell) => cell.trim().length > 200 && !/^[\s:-]+$/.test(cell)));
    expect(long).toEqual([]);
  });
});
