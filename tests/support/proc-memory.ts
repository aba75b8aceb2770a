/** A process's resident memory now and its peak so far (VmRSS, VmHWM), from /proc (Linux), in MB. */
import { readFileSync } from "node:fs";

export function processMemory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}
