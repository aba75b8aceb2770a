/**
 * The ceiling: a plain Bun.serve on 127.0.0.1 answering a fixed string. Whatever the app does
 * per request, it cannot be faster than this on the same machine at the same moment.
 * `bun bench/ceiling.ts <port>`.
 */
const port = Number(process.argv[2] ?? 0);
const server = Bun.serve({ hostname: "127.0.0.1", port, fetch: () => new Response("Hello from the ceiling") });
console.log(`ceiling listening on ${server.url.href}`);
