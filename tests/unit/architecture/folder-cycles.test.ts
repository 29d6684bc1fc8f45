import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

/**
 * docs/architecture.md "Folders without cycles": the first-level folders of server/ and of worker/ (and each file at
 * their root) form an import graph with no cycle, so a newcomer can draw them with no arrow back. Reads the import and
 * export-from statements of every .ts/.tsx file, `import type` included: a type ring ties folders as much as a call.
 */
const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The worker's edges that still close a ring, each to be untied and then taken off this list: the areas read types
 * declared in worker/api-types.ts, which gathers every area's API types (its LiveQueries type is what
 * worker/context.ts types its registry with), and the areas' API factories take the ContextEngine of
 * worker/context-engine.ts, which starts worker/sync-engine.ts, which wires the areas. Nothing may be added here.
 */
const KNOWN_KNOTS: [from: string, to: string][] = [
  ...['catalog', 'compare', 'config.ts', 'context.ts', 'queue', 'search-provider', 'wishlist'].map(
    (from) => [`worker/${from}`, 'worker/api-types.ts'] as [string, string],
  ),
  ...['cart', 'donations', 'giftcards', 'newsletter', 'orders', 'search-provider', 'user', 'wishlist'].map(
    (from) => [`worker/${from}`, 'worker/context-engine.ts'] as [string, string],
  ),
];

function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return codeFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative specifiers a file imports or re-exports from (static statements only). */
function importedSpecifiers(path: string, text = readFileSync(path, 'utf8')): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    const target =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)
          ? statement.moduleReference.expression
          : undefined;
    if (target && ts.isStringLiteral(target) && target.text.startsWith('.')) specifiers.push(target.text);
  }
  return specifiers;
}

/** The graph node a file belongs to: `server/cart` for server/cart/**, `server/app.ts` for a file at the root. */
function nodeOf(top: string, path: string): string | undefined {
  const parts = relative(join(ROOT, top), path).split(sep);
  if (parts[0] === '..' || parts[0] === '') return undefined;
  return `${top}/${parts[0]}`;
}

/** Folder-level edges of one top folder (server or worker): node → the other nodes of that folder it imports. */
function folderGraph(top: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of codeFiles(join(ROOT, top))) {
    const from = nodeOf(top, file)!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const specifier of importedSpecifiers(file)) {
      const to = nodeOf(top, resolve(dirname(file), specifier));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** One cycle per strongly connected component of more than one node (Tarjan), each as a path back to its start. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => shortestCycle(graph, new Set(component)));
}

/** The shortest path from a component's first node back to itself, found breadth first inside the component. */
function shortestCycle(graph: Map<string, Set<string>>, component: Set<string>): string[] {
  const start = [...component].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!component.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [...component];
}

describe('folder import graph', () => {
  test('a cycle is found and named', () => {
    const graph = new Map([
      ['server/a', new Set(['server/b'])],
      ['server/b', new Set(['server/c'])],
      ['server/c', new Set(['server/a'])],
      ['server/d', new Set(['server/a'])],
    ]);
    expect(cycles(graph)).toEqual([['server/a', 'server/b', 'server/c', 'server/a']]);
  });

  test('`import type` and `export … from` count as edges; packages do not', () => {
    const text = [
      "import type { A } from './a.ts';",
      "export { B } from '../b.ts';",
      "export * from './c.ts';",
      "import { D } from 'rxjs';",
      'export const e = 1;',
    ].join('\n');
    expect(importedSpecifiers('probe.ts', text)).toEqual(['./a.ts', '../b.ts', './c.ts']);
  });

  for (const top of ['server', 'worker']) {
    test(`${top}/ folders import each other without a cycle`, () => {
      const graph = folderGraph(top);
      for (const [from, to] of KNOWN_KNOTS) graph.get(from)?.delete(to);
      const found = cycles(graph).map((cycle) => cycle.join(' → '));
      expect(found, `${top}/ folder cycles:\n${found.join('\n')}`).toEqual([]);
    });
  }

  test('every edge still waiting to be untied still exists (a stale entry is taken off the list)', () => {
    const graphs = { server: folderGraph('server'), worker: folderGraph('worker') };
    const stale = KNOWN_KNOTS.filter(
      ([from, to]) => !graphs[from.split('/')[0] as 'server' | 'worker'].get(from)?.has(to),
    );
    expect(stale).toEqual([]);
  });
});
