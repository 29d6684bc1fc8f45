import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

/**
 * domain/README.md maps every module of domain/ (by its path under domain/, in the first cell of a table row) to what
 * it holds and its spec rule, and every page and section it links to exists.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const DOMAIN = join(ROOT, 'domain');
const README = join(DOMAIN, 'README.md');

function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modules(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [relative(DOMAIN, path).split('\\').join('/')] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const readme = readFileSync(README, 'utf8');
const named = new Set(
  readme
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([\w./-]+\.ts)`/g)].map((match) => match[1])),
);

test('domain/README.md names every module of domain/', () => {
  expect(modules(DOMAIN).filter((module) => !named.has(module))).toEqual([]);
});

test('every module domain/README.md names exists', () => {
  expect([...named].filter((module) => !existsSync(join(DOMAIN, module)))).toEqual([]);
});

test('every page and section domain/README.md cites exists', () => {
  const missing = [...readme.matchAll(/\]\(([^)#]+)(?:#([^)]+))?\)/g)].flatMap(([link, path, anchor]) => {
    const page = resolve(dirname(README), path);
    if (!existsSync(page)) return [link];
    if (!anchor) return [];
    const anchors = readFileSync(page, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, '')));
    return anchors.includes(anchor) ? [] : [link];
  });
  expect(missing).toEqual([]);
  expect(readme).not.toMatch(/README "/);
});
