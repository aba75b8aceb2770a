/**
 * The harness's app served over real HTTP on loopback, behind a real appending reverse proxy (a
 * few lines of Bun.serve that append the socket's address to X-Forwarded-For, as nginx's
 * $proxy_add_x_forwarded_for does, and set X-Forwarded-Proto). Requests leave from any loopback
 * address (127.0.0.0/8) through node:http's localAddress, so the proxy sees genuinely different
 * clients, while a client can still write whatever X-Forwarded-For it likes.
 */
import http from "node:http";
import { startHarness, type Answer } from "./harness";

export type Sent = Answer & { cookies: string[] };
export type SendOptions = { json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; from?: string };

/** Sends one request to `port` from the loopback address `from` (127.0.0.1 unless given). */
export function send(port: number, method: string, path: string, options: SendOptions = {}): Promise<Sent> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  }
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers, localAddress: options.from ?? "127.0.0.1" }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : [value ?? ""]) answerHeaders.append(name, v);
        }
        const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: answerHeaders, text, cookies });
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** Starts the app on a fresh database, served on 127.0.0.1, and an appending proxy in front of it. */
export async function startServed(env: Record<string, string> = {}, proxyProto = "http") {
  const h = await startHarness(env);
  const app = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (req, server) => h.app.fetch(req, server) });
  const upstream = `http://127.0.0.1:${app.port}`;
  const proxy = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req, server) {
      const headers = new Headers(req.headers);
      const seen = server.requestIP(req)?.address ?? "unknown";
      const forwarded = headers.get("x-forwarded-for");
      headers.set("x-forwarded-for", forwarded ? `${forwarded}, ${seen}` : seen);
      headers.set("x-forwarded-proto", proxyProto);
      headers.delete("host");
      headers.set("accept-encoding", "identity"); // fetch would decode a compressed body but keep its header
      const url = new URL(req.url);
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer();
      const res = await fetch(`${upstream}${url.pathname}${url.search}`, { method: req.method, headers, body, redirect: "manual" });
      return new Response(res.body, { status: res.status, headers: res.headers });
    },
  });
  return {
    ...h,
    appPort: app.port!,
    proxyPort: proxy.port!,
    /** Through the proxy, from loopback address `from`. */
    viaProxy: (method: string, path: string, options?: SendOptions) => send(proxy.port!, method, path, options),
    /** Straight to the app, from loopback address `from`. */
    direct: (method: string, path: string, options?: SendOptions) => send(app.port!, method, path, options),
    async stop() {
      proxy.stop(true);
      app.stop(true);
      await h.stop();
    },
  };
}

export type Served = Awaited<ReturnType<typeof startServed>>;

/** The `name=value` part of the set-cookies whose name starts with `prefix`, as a Cookie header would carry them. */
export function cookiesNamed(cookies: string[], prefix: string): string[] {
  return cookies.map((c) => c.split(";")[0]!).filter((c) => c.startsWith(prefix));
}
