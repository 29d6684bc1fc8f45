/**
 * Collects positional parameters while a query is assembled, so that no value coming from a request is ever
 * spliced into SQL text: callers only splice the returned `$n` placeholders and whitelisted column expressions.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A parameter added only when first referenced: PostgreSQL cannot type a parameter no expression uses. */
export function lazyParam(params: SqlParams, value: unknown): () => string {
  let placeholder: string | undefined;
  return () => (placeholder ??= params.add(value));
}
