/**
 * The islands' only way to the server: the JSON API with the stored bearer token (SPEC §6).
 * The server owns every state change; an island only asks.
 */
import { plainWords } from "../../src/domain/messages";
import { storage } from "./browser";

export type ApiAnswer<T = any> = { ok: boolean; status: number; body: T & { message?: string } };

/** Calls /api/auth{path}. `json` is sent as JSON, `form` as multipart; `anonymous` sends no token. */
export async function api<T = any>(
  path: string,
  options: { method?: string; json?: unknown; form?: FormData; anonymous?: boolean } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  const token = storage.token();
  if (token && !options.anonymous) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    body = options.form;
  }
  try {
    const res = await fetch(`/api/auth${path}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
    const parsed = await res.json().catch(() => ({}));
    return { ok: res.ok, status: res.status, body: parsed };
  } catch {
    return { ok: false, status: 0, body: {} as T & { message?: string } };
  }
}

/** The server's message when it sent one, otherwise the spec's fallback for this failure. */
export const messageOr = (answer: ApiAnswer, fallback: string) =>
  typeof answer.body?.message === "string" && answer.body.message !== "" ? plainWords(answer.body.message) : fallback;

/** Sends an action on an appointment: null when done, else the message to show beside its form. */
export async function sendAction(path: string, body: Record<string, string>, failure: string): Promise<string | null> {
  const answer = await api(path, { json: body });
  if (answer.ok) return null;
  // SPEC §8's words first, then the server's reason when it gave one.
  const reason = messageOr(answer, "");
  return reason ? `${failure} ${reason}` : failure;
}
