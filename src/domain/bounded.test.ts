import { describe, expect, test } from "bun:test";
import { keptAtVersion, keptIn, setBounded, type Versioned } from "./bounded";

describe("bounded maps", () => {
  test("the oldest entry goes first once the bound is reached; replacing a key drops nothing", () => {
    const map = new Map<string, number>();
    for (const [i, key] of ["a", "b", "c"].entries()) setBounded(map, 2, key, i);
    expect([...map.keys()]).toEqual(["b", "c"]);
    setBounded(map, 2, "c", 9);
    expect([...map.entries()]).toEqual([["b", 1], ["c", 9]]);
  });

  test("keptIn makes a value once per key, and does not keep undefined", () => {
    const map = new Map<string, number | undefined>();
    let made = 0;
    expect(keptIn(map, 8, "x", () => ++made)).toBe(1);
    expect(keptIn(map, 8, "x", () => ++made)).toBe(1);
    expect(keptIn(map, 8, "y", () => undefined)).toBeUndefined();
    expect(map.has("y")).toBe(false);
    expect(made).toBe(1);
  });
});

describe("keptAtVersion", () => {
  test("made once per version; again when the version moves or the value no longer holds; an older version never replaces a newer one; a failure is not kept", async () => {
    const map = new Map<string, Versioned<number>>();
    let made = 0;
    const make = async () => ++made;
    expect(await keptAtVersion(map, 8, "k", 1, make)).toBe(1);
    expect(await keptAtVersion(map, 8, "k", 1, make)).toBe(1);
    expect(await keptAtVersion(map, 8, "k", 2, make)).toBe(2);
    expect(await keptAtVersion(map, 8, "k", 1, make)).toBe(3); // older: made, not kept
    expect(await keptAtVersion(map, 8, "k", 2, make)).toBe(2);
    expect(await keptAtVersion(map, 8, "k", 2, make, (v) => v > 2)).toBe(4); // no longer holds: made again, kept
    expect(await keptAtVersion(map, 8, "k", 2, make)).toBe(4);
    await expect(keptAtVersion(map, 8, "f", 1, () => Promise.reject(new Error("busy")))).rejects.toThrow("busy");
    expect(map.has("f")).toBe(false);
  });
});
