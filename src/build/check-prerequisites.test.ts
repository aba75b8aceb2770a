/**
 * `bun run check` on a fresh machine (issue 45): what the browser journeys need is installed as
 * root, and otherwise the check stops within seconds naming the command (tests/prerequisites.ts).
 */
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { planPrerequisites, type Machine } from "../../tests/prerequisites";

const ready: Machine = { chromiumPath: "/usr/bin/chromium", hasChromium: true, hasDevanagariFont: true, isRoot: false, hasApt: true };

describe("the check's prerequisites", () => {
  test("a ready machine needs nothing", () => {
    expect(planPrerequisites(ready)).toEqual({ kind: "ready" });
  });

  test("as root with apt-get, what is missing is installed, and one line says so", () => {
    const plan = planPrerequisites({ ...ready, hasChromium: false, hasDevanagariFont: false, isRoot: true });
    expect(plan.kind).toBe("install");
    if (plan.kind !== "install") return;
    expect(plan.packages).toEqual(["chromium", "fonts-noto-core"]);
    expect(plan.line.split("\n")).toHaveLength(1);
    expect(plan.line).toContain("apt-get install -y chromium fonts-noto-core");
  });

  test("without root, or without apt-get, it stops naming the exact command", () => {
    for (const machine of [{ ...ready, hasDevanagariFont: false }, { ...ready, hasDevanagariFont: false, isRoot: true, hasApt: false }]) {
      const plan = planPrerequisites(machine);
      expect(plan.kind).toBe("stop");
      if (plan.kind !== "stop") continue;
      expect(plan.message).toContain("apt-get update && apt-get install -y fonts-noto-core");
      expect(plan.message).toContain("a font with Devanagari");
    }
  });

  // The whole `bun run check` as a user who is not root, on a machine whose Chromium is elsewhere:
  // it fails at once, before any suite runs, and names the command.
  test.skipIf(!existsSync("/usr/bin/setpriv") || process.getuid?.() !== 0)("as another user, check stops within seconds with the command", () => {
    const begun = performance.now();
    const proc = Bun.spawnSync(
      ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, "tests/run-all.ts"],
      { cwd: `${import.meta.dir}/../..`, env: { ...process.env, HOME: "/tmp", CHROMIUM_PATH: "/nonexistent/chromium" }, stdout: "pipe", stderr: "pipe" },
    );
    const seconds = (performance.now() - begun) / 1000;
    const output = proc.stdout.toString() + proc.stderr.toString();
    expect(proc.exitCode).toBe(1);
    expect(output).toContain("apt-get install -y chromium");
    expect(proc.stdout.toString().trim().split("\n").at(-1)).toBe("0 passed, 1 failed");
    expect(seconds).toBeLessThan(10);
  });
});
