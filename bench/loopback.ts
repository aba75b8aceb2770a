/**
 * Preloaded into the app server the benchmark starts (`bun --preload ./bench/loopback.ts
 * src/index.ts`): every Bun.serve without a hostname listens on 127.0.0.1 only, not on every
 * interface, so nothing the benchmark runs is reachable from the network.
 */
const serve = Bun.serve.bind(Bun);
(Bun as { serve: unknown }).serve = (options: Parameters<typeof Bun.serve>[0]) => serve({ hostname: "127.0.0.1", ...options } as typeof options);
