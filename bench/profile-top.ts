/**
 * The top of a CPU profile written by `bun --cpu-prof` (Chrome's .cpuprofile format): self time
 * per function and per package or source folder, as a share of the sampled time, idle left out.
 * `bun bench/profile-top.ts <file.cpuprofile> [count]`. Profile the app under load with
 * `BENCH_APP_FLAGS="--cpu-prof --cpu-prof-dir=DIR" bun run bench:signed-in`.
 */
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
const [file, countArg] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file!, "utf8")) as { nodes: Node[]; samples?: number[]; timeDeltas?: number[] };
const count = Number(countArg ?? 25);

// Self time per node: from the sample list with its time deltas when present, else hit counts.
const self = new Map<number, number>();
if (profile.samples && profile.timeDeltas) {
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas![i + 1] ?? 0)));
} else for (const n of profile.nodes) self.set(n.id, n.hitCount ?? 0);

const where = (url: string) => {
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1]!;
  const src = url.match(/\/(src|islands|bench)\/(.*)$/);
  return src ? `${src[1]}/${src[2]}` : url || "(native)";
};
const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
let total = 0;
for (const n of profile.nodes) {
  const t = self.get(n.id) ?? 0;
  const name = n.callFrame.functionName || "(anonymous)";
  if (/^\((idle|program|garbage collector)\)$/.test(name) && name === "(idle)") continue;
  total += t;
  const key = `${name} ${where(n.callFrame.url)}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ""}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + t);
  const place = where(n.callFrame.url);
  byPlace.set(place, (byPlace.get(place) ?? 0) + t);
}
const top = (m: Map<string, number>) =>
  [...m].sort((a, b) => b[1] - a[1]).slice(0, count).map(([k, t]) => `| ${((100 * t) / total).toFixed(1)} % | \`${k}\` |`).join("\n");
console.log(`Sampled (not idle): ${(total / 1000).toFixed(0)} ms\n\n| self | function |\n|---:|---|\n${top(byFunction)}\n\n| self | package or file |\n|---:|---|\n${top(byPlace)}`);
