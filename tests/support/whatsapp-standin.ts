/**
 * A stand-in of the WhatsApp Cloud API on loopback (issue 55, item 5): a real HTTP server that
 * answers `POST /{phone number id}/messages` as the Cloud API documents (200 with
 * `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`, or an `{ error }` with
 * another status), keeps every request as received (path, bearer, JSON body), and can be told to
 * answer the next requests with other statuses or to drop the connection.
 */
export type WhatsappRequest = { path: string; authorization: string | null; contentType: string | null; body: any; id: string };

export async function startWhatsappStandin() {
  const received: WhatsappRequest[] = [];
  const queue: (number | "drop")[] = [];
  let counter = 0;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const body = await request.json().catch(() => null);
      const next = queue.shift();
      if (next === "drop") throw new Error("dropped by the stand-in");
      const status = next ?? 200;
      const id = `wamid.STANDIN${String(++counter).padStart(20, "0")}`;
      received.push({ path: url.pathname, authorization: request.headers.get("authorization"), contentType: request.headers.get("content-type"), body, id });
      if (status !== 200) return Response.json({ error: { message: `stand-in answers ${status}`, type: "OAuthException", code: status === 429 ? 130429 : 131000 } }, { status });
      return Response.json({ messaging_product: "whatsapp", contacts: [{ input: body?.to, wa_id: body?.to }], messages: [{ id }] });
    },
    error() {
      return new Response(null, { status: 599 });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/v21.0`,
    received,
    answerNext(...statuses: (number | "drop")[]) {
      queue.push(...statuses);
    },
    stop: () => server.stop(true),
  };
}
export type WhatsappStandin = Awaited<ReturnType<typeof startWhatsappStandin>>;
