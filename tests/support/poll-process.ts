/**
 * `bun tests/support/poll-process.ts URL [everyMs]`: reads URL every `everyMs` (100) until its
 * stdin closes, then prints `{ times, starts, failures }` as JSON: each read's time (ms) and when it began
 * (Date.now()). A client of its own, so that a bench flooding the server from its own thread, or
 * a test whose process just made a 24-megapixel photo (and collects its garbage), does not delay
 * these reads itself.
 */
const [url, every = "100"] = Bun.argv.slice(2);
if (!url) {
  console.error("usage: bun tests/support/poll-process.ts URL [everyMs]");
  process.exit(2);
}
const times: number[] = [];
const starts: number[] = [];
const failures: string[] = [];
let running = true;
void (async () => {
  for await (const _ of Bun.stdin.stream()) {
    // nothing is sent: the end of stdin is the signal to stop
  }
  running = false;
})();
while (running) {
  const started = performance.now();
  starts.push(Date.now());
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status !== 200) failures.push(`${res.status}`);
  } catch (error) {
    failures.push(String(error)); // counted with its time too
  }
  const took = performance.now() - started;
  times.push(took);
  // real time: reads the page every `every` ms: answer times over real time are what is measured
  await Bun.sleep(Math.max(0, Number(every) - took));
}
console.log(JSON.stringify({ times, starts, failures }));
export {};
