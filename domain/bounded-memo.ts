/**
 * A pure function's answers remembered by key, the oldest forgotten beyond `kept`: for work a hot path repeats with
 * the same few keys (a zone's calendar day of an instant, a field selection's path tree).
 */
export function boundedMemo<K, V>(kept: number, compute: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key)!;
    const value = compute(key);
    if (known.size >= kept) known.delete(known.keys().next().value!);
    known.set(key, value);
    return value;
  };
}
