/**
 * A field of a value no schema validates (an optional, loosely shaped body; a wildcard param): undefined when the
 * value is absent or not an object, so the handler checks what it gets.
 */
export function fieldOf(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;
}
