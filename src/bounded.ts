/**
 * Maps kept in memory with a bound on their entries, the oldest out first (a Map iterates in
 * insertion order): what a process remembers per key (verified tokens, prepared statements,
 * rendered page parts) must not grow with whatever keys its callers send.
 */

/** Sets `key` to `value` in `map`, first dropping its oldest entry when it holds `max`. */
export function setBounded<K, V>(map: Map<K, V>, max: number, key: K, value: V): void {
  if (map.size >= max && !map.has(key)) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** The value `map` keeps for `key`; made by `make` and kept (see setBounded) when missing. An undefined result is not kept. */
export function keptIn<K, V>(map: Map<K, V>, max: number, key: K, make: () => V): V {
  const hit = map.get(key);
  if (hit !== undefined) return hit;
  const value = make();
  if (value !== undefined) setBounded(map, max, key, value);
  return value;
}
