/**
 * `bun run bench:scale` (issue 57): builds (or reuses) the big database at SCALE_DB (default
 * data/scale.db) at SCALE_FACTOR (default 1: 20,000 doctors, 2,000,000 appointments), a
 * demo-size one (a hundredth of it) and a tenth-size one beside it, then measures on each in this
 * process (bench/scale/measure.ts) and prints p50/p95 at both sizes with their ratio, the cost
 * curve at 1x, 10x and 100x of the directory and the meetings pages, and the operations on the big
 * file (bench/scale/ops.ts). `--rebuild` builds the files again; SCALE_OPS=off leaves the
 * operations out; SCALE_WRITES (default 30) bookings and cancels a size.
 */
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { buildScaleDb } from "./build";
import { readRows, startSized, timeRow, timeWrites, type Row, type Timing } from "./measure";
import { measureOps, opsTable } from "./ops";
import { ROOT } from "../server";

const FACTOR = Number(process.env.SCALE_FACTOR || 1);
const BIG = resolve(ROOT, process.env.SCALE_DB || join("data", "scale.db"));
const REBUILD = process.argv.includes("--rebuild");
const WRITES = Number(process.env.SCALE_WRITES || 30);
const OPS = process.env.SCALE_OPS !== "off";
const sized = (suffix: string) => BIG.replace(/(\.db)?$/, `-${suffix}.db`);

const started = Date.now();
const loads: string[] = [`before: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`];
const log = (line: string) => console.log(line);
const files = [
  { label: "1x", factor: FACTOR / 100, path: sized("1x") },
  { label: "10x", factor: FACTOR / 10, path: sized("10x") },
  { label: "100x", factor: FACTOR, path: BIG },
];
const builds = [];
for (const f of files) {
  log(`Building ${f.label} (SCALE_FACTOR ${f.factor}) at ${f.path}`);
  builds.push(await buildScaleDb(f.path, f.factor, { rebuild: REBUILD, log }));
}

type Measured = { row: Row; at: Record<string, Timing> };
const measured = new Map<string, Measured>();
const writes: Record<string, { book: Timing; cancel: Timing }> = {};
for (const [i, f] of files.entries()) {
  const s = await startSized(f.path, builds[i]!.counts);
  try {
    // The 10x file: only the cost curve's rows (the directory, the meetings pages).
    const rows = readRows(s).filter((r) => f.label !== "10x" || r.group === "directory" || /meetings/i.test(r.name));
    for (const row of rows) {
      const t = await timeRow(s.base, row);
      const m = measured.get(row.name) ?? { row, at: {} };
      m.at[f.label] = t;
      measured.set(row.name, m);
      log(`${f.label} ${row.name}: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms (${t.n} requests, ${t.bytes} bytes)`);
    }
    if (f.label !== "10x" && WRITES > 0) {
      writes[f.label] = await timeWrites(s, WRITES, `${f.label}-${Date.now()}`);
      log(`${f.label} writes: book p50 ${writes[f.label]!.book.p50.toFixed(1)} ms, cancel p50 ${writes[f.label]!.cancel.p50.toFixed(1)} ms`);
    }
  } finally {
    await s.close();
  }
}
loads.push(`after the reads: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);

const ms = (n: number | undefined) => (n === undefined ? "–" : n >= 100 ? n.toFixed(0) : n.toFixed(1));
const ratio = (a?: Timing, b?: Timing) => (a && b ? `${(b.p50 / a.p50).toFixed(2)}` : "–");
const flag = (name: string, a?: Timing, b?: Timing) => {
  if (!a || !b) return "";
  const over = b.p50 / a.p50 > 1.5;
  const slow = name.startsWith("directory") && b.p50 > 25;
  return over || slow ? `**${[over ? "over 1.5x" : "", slow ? "over 25 ms" : ""].filter(Boolean).join(", ")}**` : "yes";
};
const lines = [
  "| request | 1x p50 / p95 ms | 100x p50 / p95 ms | **ratio of p50** | 10x p50 ms | within target |",
  "|---|---:|---:|---:|---:|---|",
  ...[...measured.values()].map(({ row, at }) => `| ${row.name} | ${ms(at["1x"]?.p50)} / ${ms(at["1x"]?.p95)} | ${ms(at["100x"]?.p50)} / ${ms(at["100x"]?.p95)} | **${ratio(at["1x"], at["100x"])}** | ${ms(at["10x"]?.p50)} | ${flag(row.name, at["1x"], at["100x"])} |`),
  ...(["book", "cancel"] as const).map((k) => {
    const [a, b] = [writes["1x"]?.[k], writes["100x"]?.[k]];
    const name = k === "book" ? `POST bookAppointment (instant), ${WRITES} in turn` : `POST cancelAppointment (waitlist offer), ${WRITES} in turn`;
    return `| ${name} | ${ms(a?.p50)} / ${ms(a?.p95)} | ${ms(b?.p50)} / ${ms(b?.p95)} | **${ratio(a, b)}** | | ${flag(name, a, b)} |`;
  }),
];
const built = builds.map((b) => `${b.factor} (${b.counts.doctors.toLocaleString("en")} doctors, ${b.counts.appointments.toLocaleString("en")} appointments, ${(b.bytes / 1e6).toFixed(0)} MB${b.reused ? ", reused" : `, built in ${b.seconds.toFixed(0)} s (${b.cpuSeconds.toFixed(0)} s of CPU)`})`);
console.log(`\nSCALE_FACTOR ${built.join("; ")}\n`);
console.log(lines.join("\n"));

if (OPS) {
  const ops = await measureOps(BIG, log);
  loads.push(`after the operations: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  console.log(`\n${opsTable(ops)}`);
}
console.log(`\nnproc ${Bun.spawnSync(["nproc"]).stdout.toString().trim()}; load average ${loads.join("; ")}. Done in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
process.exit(0);
