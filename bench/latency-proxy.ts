/**
 * A TCP proxy on loopback that holds every chunk a client sends for `delayMs` before passing it
 * on: each request/answer exchange through it takes that much longer, as a database across a
 * network would (issue 43: the signed-in rows against sqld with 10 ms a round trip). Answers
 * come back at once. Order is kept: chunks leave in the order they came, each after its delay.
 */
import type { Socket, TCPSocketListener } from "bun";

type Pipe = { upstream?: Socket<Pipe>; waiting: Uint8Array[]; early?: Uint8Array[]; closed: boolean; peer?: Socket<Pipe> };

/** Writes what `socket` can take now and keeps the rest for its drain. */
function send(socket: Socket<Pipe>, chunk: Uint8Array) {
  const pipe = socket.data;
  if (pipe.waiting.length > 0) {
    pipe.waiting.push(chunk);
    return;
  }
  const written = socket.write(chunk);
  if (written < chunk.byteLength) pipe.waiting.push(chunk.subarray(written));
}

function drain(socket: Socket<Pipe>) {
  const pipe = socket.data;
  while (pipe.waiting.length > 0) {
    const chunk = pipe.waiting[0]!;
    const written = socket.write(chunk);
    if (written < chunk.byteLength) {
      pipe.waiting[0] = chunk.subarray(written);
      return;
    }
    pipe.waiting.shift();
  }
}

export type LatencyProxy = { url: string; port: number; stop(): void };

/** Listens on a free loopback port and forwards to `target` (host:port), adding `delayMs` to each request. */
export async function startLatencyProxy(target: { hostname: string; port: number }, delayMs: number): Promise<LatencyProxy> {
  const listener: TCPSocketListener<Pipe> = Bun.listen<Pipe>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      async open(client) {
        client.data = { waiting: [], closed: false };
        const upstream = await Bun.connect<Pipe>({
          hostname: target.hostname,
          port: target.port,
          socket: {
            open(socket) {
              socket.data = { waiting: [], closed: false, peer: client };
            },
            data(_socket, chunk) {
              if (!client.data.closed) send(client, new Uint8Array(chunk));
            },
            drain,
            close() {
              client.end();
            },
            error() {
              client.end();
            },
          },
        });
        client.data.upstream = upstream;
        for (const chunk of client.data.early ?? []) send(upstream, chunk);
        client.data.early = undefined;
      },
      data(client, chunk) {
        const copy = new Uint8Array(chunk);
        setTimeout(() => {
          const upstream = client.data.upstream;
          if (client.data.closed) return;
          if (upstream) send(upstream, copy);
          else (client.data.early ??= []).push(copy); // still connecting
        }, delayMs);
      },
      drain,
      close(client) {
        client.data.closed = true;
        setTimeout(() => client.data.upstream?.end(), delayMs);
      },
      error(client) {
        client.data.closed = true;
        client.data.upstream?.end();
      },
    },
  });
  return { url: `http://127.0.0.1:${listener.port}`, port: listener.port, stop: () => listener.stop(true) };
}
