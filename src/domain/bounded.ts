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

/** A value kept with the version of the data it was made from. */
export type Versioned<T> = { version: number; value: Promise<T> };

/**
 * The value `map` keeps for `key` at `version`, if `holds` still says yes of it; else `make()`,
 * kept in its place (see setBounded). What the lists and directory readers, and the answers made
 * from them, share: a value made for an older version (a slower request that read the version
 * before a newer one) never replaces one made for a newer version, and a failed make is not kept.
 */
export async function keptAtVersion<T>(
  map: Map<string, Versioned<T>>,
  max: number,
  key: string,
  version: number,
  make: () => Promise<T>,
  holds: (value: T) => boolean = () => true,
): Promise<T> {
  const hit = map.get(key);
  if (hit !== undefined && hit.version === version) {
    const value = await hit.value;
    if (holds(value)) return value;
  }
  const value = make();
  if (hit === undefined || hit.version <= version) {
    const entry = { version, value };
    setBounded(map, max, key, entry);
    value.catch(() => map.get(key) === entry && map.delete(key));
  }
  return value;
}
