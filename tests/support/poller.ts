/**
 * Another client of the server while something heavy happens: reads `path` every `everyMs`
 * (each read waits for the previous one, so a stalled server shows as one long read, not a pile
 * of them) and keeps every read's time.
 */
export function pollPage(base: string, path = "/about", everyMs = 100) {
  const times: number[] = [];
  /** When each read began (performance.now()), beside its time. */
  const starts: number[] = [];
  const failures: string[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      starts.push(started);
      try {
        const res = await fetch(`${base}${path}`);
        await res.arrayBuffer();
        if (res.status !== 200) failures.push(`${path}: ${res.status}`);
      } catch (error) {
        failures.push(`${path}: ${String(error)}`);
      }
      const took = performance.now() - started;
      times.push(took);
      // real time: reads every `everyMs` ms: answer times over real time are what is measured
      await Bun.sleep(Math.max(0, everyMs - took));
    }
  })();
  return {
    times,
    failures,
    /** Stops polling; resolves once the last read is back. */
    async stop() {
      running = false;
      await done;
      return { times, starts, failures, slowest: Math.max(0, ...times), p99: percentile(times, 99) };
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The same reads from a process of their own (./poll-process.ts); `stop` answers their times and
 * when each began (Date.now()).
 */
export function pollPageFromProcess(url: string, everyMs = 100) {
  const child = Bun.spawn(["bun", `${import.meta.dir}/poll-process.ts`, url, String(everyMs)], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
  return {
    async stop() {
      child.stdin.end();
      const text = (await new Response(child.stdout).text()) || '{"times":[],"starts":[],"failures":["no answer from the reader"]}';
      const { times, starts, failures } = JSON.parse(text) as { times: number[]; starts: number[]; failures: string[] };
      await child.exited;
      return { times, starts, failures, slowest: Math.max(0, ...times), p99: percentile(times, 99) };
    },
  };
}
