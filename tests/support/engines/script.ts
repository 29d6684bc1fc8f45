/**
 * `body` as one expression the engine evaluates with its own automation (not `eval` in the page, which the shop's CSP
 * forbids): an async function called with the JSON of `args`, answering an error as a value so that each engine
 * reports it the same way.
 */
export function scriptExpression(body: string, args: unknown[]): string {
  return `(async (args) => { ${body} })(${JSON.stringify(args)}).then((value) => ({ value }), (error) => ({ error: String(error?.stack ?? error) }))`;
}

/** The value of a `scriptExpression`, or its error thrown here. */
export function scriptValue<T>(outcome: unknown): T {
  const { value, error } = (outcome ?? {}) as { value?: T; error?: string };
  if (error) throw new Error(`in the page: ${error}`);
  return value as T;
}
