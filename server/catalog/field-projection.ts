import { boundedMemo } from '../../domain/bounded-memo.ts';

/**
 * includeFields / excludeFields of the catalogue API, as vue-storefront-api applies them to Elasticsearch sources:
 * dot paths reach into nested objects and into every element of a list ('configurable_children.sku').
 */
type PathTree = Map<string, PathTree>;

function buildTree(paths: readonly string[]): PathTree {
  const root: PathTree = new Map();
  for (const path of paths) {
    let node = root;
    const parts = path.split('.').filter(Boolean);
    parts.forEach((part, i) => {
      let next = node.get(part);
      if (!next) {
        next = new Map();
        node.set(part, next);
      } else if (i === parts.length - 1) {
        // A shorter path wins over a longer one on the same branch: 'stock' keeps all of stock.
        next.clear();
      }
      node = next;
    });
  }
  return root;
}

function include(value: unknown, tree: PathTree): unknown {
  if (tree.size === 0) return value;
  if (Array.isArray(value)) return value.map((v) => include(v, tree));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of tree) {
    if (Object.hasOwn(value, key)) out[key] = include((value as Record<string, unknown>)[key], sub);
  }
  return out;
}

function exclude(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) return value.map((v) => exclude(v, tree));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, sub] of tree) {
    if (!Object.hasOwn(out, key)) continue;
    if (sub.size === 0) delete out[key];
    else out[key] = exclude(out[key], sub);
  }
  return out;
}

export interface FieldSelection {
  includeFields?: string[] | null;
  excludeFields?: string[] | null;
}

// A page of products applies the same selection to every document, and the app sends the same few selections.
const treeOfKey = boundedMemo(64, (key: string) => buildTree(key.split('\n')));
const treeOf = (paths: readonly string[]) => treeOfKey(paths.join('\n'));

export function projectFields<T>(doc: T, selection: FieldSelection): T {
  let out: unknown = doc;
  if (selection.includeFields && selection.includeFields.length > 0)
    out = include(out, treeOf(selection.includeFields));
  if (selection.excludeFields && selection.excludeFields.length > 0)
    out = exclude(out, treeOf(selection.excludeFields));
  return out as T;
}

/** Whether a top-level field survives the selection, so expensive parts (children, links) are only loaded if sent. */
export function wantsField(selection: FieldSelection, field: string): boolean {
  const inc = selection.includeFields;
  if (inc && inc.length > 0 && !inc.some((p) => p === field || p.startsWith(`${field}.`))) return false;
  const exc = selection.excludeFields;
  if (exc && exc.includes(field)) return false;
  return true;
}
