/**
 * OPERATIONS lists every operation of every module once: an entry written into a module but not
 * listed in ./index.ts would be missing from the document, and one listed twice would be
 * described twice.
 */
import { describe, expect, test } from "bun:test";
import { MODULES, OPERATIONS } from "./index";
import type { Operation } from "../operation";

const key = (op: Operation) => `${op.method} ${op.path}`;
/** Every operation the modules hold, named `module.entry`. */
const held = Object.entries(MODULES).flatMap(([module, ops]) => Object.entries(ops).map(([name, op]) => [`${module}.${name}`, op] as const));

describe("the gathered operations", () => {
  test("each module's operation is listed once, and nothing else is", () => {
    const unlisted = held.filter(([, op]) => OPERATIONS.filter((listed) => listed === op).length !== 1).map(([name]) => name);
    expect(unlisted).toEqual([]);
    expect(OPERATIONS.length).toBe(held.length);
  });

  test("no two operations share a method and a path", () => {
    const keys = OPERATIONS.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  test("an operation left out of the list is found (the test can fail)", () => {
    const shorter = OPERATIONS.slice(1);
    expect(held.some(([, op]) => !shorter.includes(op))).toBe(true);
  });
});
