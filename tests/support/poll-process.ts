/**
 * `bun tests/support/poll-process.ts URL [everyMs]`: reads URL every `everyMs` (100) until its
 * stdin closes, then prints the reads' times (ms) as one JSON array. A client of its own, so a
 * bench that floods the server from its own thread does not delay these reads itself.
 */
const [url, every = "100"] = Bun.argv.slice(2);
if (!url) {
  console.error("usage: bun tests/support/poll-process.ts URL [everyMs]");
  process.exit(2);
}
const times: number[] = [];
let running = true;
void (async () => {
  for await (const _ of Bun.stdin.stream()) {
    // nothing is sent: the end of stdin is the signal to stop
  }
  running = false;
})();
while (running) {
  const started = performance.now();
  try {
    await (await fetch(url)).arrayBuffer();
  } catch {
    // a failed read counts with its time
  }
  const took = performance.now() - started;
  times.push(took);
  await Bun.sleep(Math.max(0, Number(every) - took));
}
console.log(JSON.stringify(times));
export {};
