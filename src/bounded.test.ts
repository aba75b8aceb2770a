import { describe, expect, test } from "bun:test";
import { keptIn, setBounded } from "./bounded";

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
