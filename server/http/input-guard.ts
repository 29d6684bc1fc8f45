import type { FastifyRequest } from 'fastify';
import { HttpError } from './envelope.ts';

/**
 * Bad input is a 400 naming the field, never a 500 (docs/api.md). Ajv checks shapes; what it cannot see —
 * text the database refuses (a NUL byte, a lone UTF-16 surrogate) and nesting deep enough to exhaust a recursive
 * walker or PostgreSQL's jsonb — is refused here once, for every route, before validation.
 */
export const MAX_INPUT_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text';
  return null;
}

/** The first unsafe value under `root`, as "body.customer.firstname must …"; iterative, so depth cannot overflow it. */
export function unsafeInputProblem(value: unknown, root: string): string | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, path, depth } = pending.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return `${path} ${problem}`;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return `${path} is nested deeper than ${MAX_INPUT_DEPTH} levels`;
    for (const [key, child] of Object.entries(current)) {
      const childPath = `${path}.${key}`;
      const keyProblem = textProblem(key);
      if (keyProblem) return `${path}: a field name ${keyProblem}`;
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

/** preValidation hook of every route: body, query and path parameters, named as Ajv's messages name them. */
export async function rejectUnsafeInput(request: FastifyRequest): Promise<void> {
  for (const [root, value] of [
    ['body', request.body],
    ['querystring', request.query],
    ['params', request.params],
  ] as const) {
    const problem = unsafeInputProblem(value, root);
    if (problem) throw new HttpError(400, problem);
  }
}
