/**
 * Issue 51 item 7: two `bun run start` at once in one folder (two instances on one box) both
 * build the client and both start. Each build writes into a folder of its own and moves each file
 * into static/build by a rename (the manifest last), never emptying static/build: a reader (the
 * other instance starting) always finds the manifest and every file it names.
 */
import { expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");
const OUT = join(ROOT, "static", "build");

test("two client builds at once in one folder both succeed, and static/build is whole throughout", async () => {
  const build = () => Bun.spawn(["bun", "src/build/client-build.ts"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  const runs = [build(), build(), build()];
  let reading = true;
  const problems: string[] = [];
  const reader = (async () => {
    while (reading) {
      try {
        const manifest = JSON.parse(readFileSync(join(OUT, "manifest.json"), "utf8")) as { client: { file: string }; css: string };
        for (const url of [manifest.client.file, manifest.css]) if (!existsSync(join(OUT, url.replace("/static/build/", "")))) problems.push(`missing ${url}`);
      } catch (error) {
        problems.push(String(error));
      }
      // real time: reads the build folder every 2 ms while the builds run: a torn state between reads is what is looked for
      await Bun.sleep(2);
    }
  })();
  const codes = await Promise.all(runs.map((r) => r.exited));
  reading = false;
  await reader;
  const errors = await Promise.all(runs.map((r) => new Response(r.stderr).text()));
  expect({ codes, errors: errors.filter((e) => e.trim() !== "") }).toEqual({ codes: [0, 0, 0], errors: [] });
  expect(problems.slice(0, 3)).toEqual([]);
}, 120_000);
