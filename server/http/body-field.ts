/**
 * A field of a body no schema validates (a call whose body is optional and loosely shaped): undefined when the body
 * is absent or not an object, so the handler checks the value itself.
 */
export function bodyField(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? Reflect.get(body, name) : undefined;
}
