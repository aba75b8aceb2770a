import { renameSync } from "node:fs";
/**
 * A stand-in of Twilio's Messages API on loopback (issue 55): a real HTTP server (Bun.serve) that
 * answers `POST /2010-04-01/Accounts/{sid}/Messages.json` as Twilio does (201 with a MessageSid),
 * keeps every request as received (path, Basic auth, form fields), and can be told to answer the
 * next requests with other statuses (429, 500, 400) or to drop the connection.
 */
export type TwilioRequest = { path: string; authorization: string | null; contentType: string | null; fields: Record<string, string>; sid: string };

/** `dir`: each request received is also written there as `<n>.json` (the browser journeys read them). */
export async function startTwilioStandin(dir?: string) {
  const received: TwilioRequest[] = [];
  /** What the next requests get: a status, or "drop" (the connection closes unanswered). */
  const queue: (number | "drop")[] = [];
  let counter = 0;
  const waiters: { match: (r: TwilioRequest) => boolean; resolve: (r: TwilioRequest) => void }[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const form = new URLSearchParams(await request.text());
      const fields = Object.fromEntries(form.entries());
      const next = queue.shift();
      if (next === "drop") {
        // A network error as the sender sees it: the socket closes with no answer.
        throw new Error("dropped by the stand-in");
      }
      const status = next ?? 201;
      const sid = `SM${String(++counter).padStart(32, "0")}`;
      const entry = { path: url.pathname, authorization: request.headers.get("authorization"), contentType: request.headers.get("content-type"), fields, sid };
      received.push(entry);
      if (dir !== undefined) {
        // Whole files only (written aside, then renamed): a journey never reads one half written.
        const name = `${dir}/${String(counter).padStart(6, "0")}.json`;
        await Bun.write(`${name}.part`, JSON.stringify(entry));
        renameSync(`${name}.part`, name);
      }
      for (const waiter of [...waiters]) {
        if (waiter.match(entry)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(entry);
        }
      }
      if (status !== 201) return Response.json({ code: 20000 + status, message: `stand-in answers ${status}`, status }, { status });
      return Response.json({ sid, status: "queued", to: fields.To, from: fields.From, body: fields.Body }, { status: 201 });
    },
    error() {
      return new Response(null, { status: 599 });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    received,
    /** The next requests' answers, in order (then 201 again). */
    answerNext(...statuses: (number | "drop")[]) {
      queue.push(...statuses);
    },
    /** The first request (already received, or to come within `ms`) that `match` accepts. */
    waitFor(match: (r: TwilioRequest) => boolean, ms = 10_000): Promise<TwilioRequest> {
      const seen = received.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const at = waiters.indexOf(waiter);
          if (at >= 0) {
            waiters.splice(at, 1);
            reject(new Error("the Twilio stand-in received no such message"));
          }
        }, ms).unref?.();
      });
    },
    /** The 6 digits of the latest code texted to `number`. */
    codeTo(number: string): string | undefined {
      const last = [...received].reverse().find((r) => r.fields.To === number && /\d{6}/.test(r.fields.Body ?? ""));
      return last?.fields.Body?.match(/\d{6}/)?.[0];
    },
    stop: () => server.stop(true),
  };
}
export type TwilioStandin = Awaited<ReturnType<typeof startTwilioStandin>>;
