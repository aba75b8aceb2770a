/**
 * The JSON API over real HTTP, for the browser journeys' fixtures and the bench scripts.
 */

export type Reply = { status: number; body: any };

/** One JSON call to `base`/api/auth`path`; throws only on a network failure (e.g. a killed server). */
export async function api(base: string, method: string, path: string, options: { token?: string; json?: unknown } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}/api/auth${path}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body };
}

/** A client for fixtures that must succeed: it answers the body, and throws on any refusal. */
export function jsonClient(base: string) {
  return async (method: string, path: string, body?: unknown, token?: string): Promise<any> => {
    const reply = await api(base, method, path, { token, json: body });
    if (reply.status >= 400) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
}
