/**
 * The pages' side of every action: read a posted form with the same zod schema the JSON API
 * uses, and either go on to the page that shows the result (303, with a one-time notice) or show
 * the form again with the message and what was typed (never a password).
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { Refusal } from "../domain/refusal";
import { NOTICE_ID } from "../domain/notice";
import { refusalAnswer } from "./errors";
import { hostCookie } from "./https";
import { seal, unseal } from "./sealed";
import { describeIssue } from "./validate";
import type { Translate } from "../domain/i18n";
import { humanMessage } from "../domain/messages";
import type { T as PageT } from "../i18n/catalog";
import { tOf } from "../i18n/request";

/** What a refused form shows: the message, the typed values, and which form on the page it was. */
export type FormState = { message: string; values: Record<string, string>; target?: string };
/** A one-time message shown on the page a successful post leads to. */
export type Notice = { text: string; tone: "success" | "error" | "info"; undo?: UndoOffer; at?: string };
/** A doctor's change that can still be undone (issue 39): which appointment, until when (ISO), and the page to come back to. */
export type UndoOffer = { appointmentId: string; until: string; back: string };

/** A refused post: the page renders the form again from this state, with this status. */
export type Refused = { form: FormState; status: ContentfulStatusCode; headers: Record<string, string> };

/** Fields whose value is never sent back into a page. */
const SECRET = new Set(["password", "currentPassword", "newPassword"]);

/** The longest value echoed for a field whose schema states no maximum length (an email, a choice, a date). */
const ECHO_LIMIT = 320;

/**
 * The text fields of a form that its schema knows, without secrets, each cut to the field's own
 * maximum length: what the page puts back into the form. Anything else posted beside them (a
 * megabyte of junk in a field the form does not have) is never echoed (issue 23).
 */
function typedValues(schema: z.ZodType, body: Record<string, unknown>): Record<string, string> {
  type Shaped = { shape?: Record<string, { maxLength?: number | null }>; in?: Shaped };
  // An object schema, or one with a transform after it (a pipe): its input side has the fields.
  let form = schema as Shaped;
  while (form.shape === undefined && form.in !== undefined) form = form.in;
  const shape = form.shape ?? {};
  const values: Record<string, string> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (SECRET.has(name)) continue;
    const value = body[name];
    const limit = field.maxLength ?? ECHO_LIMIT;
    if (typeof value === "string") values[name] = value.slice(0, limit);
    // A list field (`name[]`, e.g. the ticked preferred times): its strings, one a line.
    else if (Array.isArray(value)) values[name] = value.filter((v) => typeof v === "string").join("\n").slice(0, limit);
  }
  return values;
}

/** The posted form's fields; a body that is no form at all reads as an empty one. */
async function formBody(c: Context): Promise<Record<string, unknown>> {
  return (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>;
}

/**
 * The posted form's text fields, as a refused post would bring them back (typedValues): for a
 * post that only asks to see the form again another way (the booking page's "Show times").
 */
export async function postedValues(c: Context, schema: z.ZodType): Promise<Record<string, string>> {
  return typedValues(schema, await formBody(c));
}

type Parsed<T> = { ok: true; data: T; values: Record<string, string> } | { ok: false; refused: Refused };

/** Parses `body` with `schema`: the data, or the refusal the page shows (400, naming the field, in the page's language `t`). */
function parseForm<S extends z.ZodType>(schema: S, body: Record<string, unknown>, t: PageT, target?: string): Parsed<z.output<S>> {
  const values = typedValues(schema, body);
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data, values };
  return { ok: false, refused: { form: { message: humanMessage(describeIssue(result.error), t as Translate), values, target }, status: 400, headers: {} } };
}

/**
 * `message` (the API's words, SPEC §8's, or the pages' own English) as this request's page says it,
 * in its language: for a page that builds a FormState or a notice from such a message itself.
 */
export const pageMessage = (c: Context, message: string): string => humanMessage(message, tOf(c) as Translate);

/** What a page says of a refusal, in the language of `t`: the action's words for people when it has some, else its message. */
export function refusalWords(error: Refusal, t: PageT): string {
  // (the catalog's keys are checked where they are written, src/domain/messages.ts and its test)
  const say = t as Translate;
  if (typeof error.words === "function") return error.words(say, t.lang);
  return humanMessage(error.words ?? error.message, say);
}

/**
 * Runs a use case for a form: its result, or the refusal the page shows (the use case's message
 * and status, in the page's language `t`). Anything that is not a refusal is a real failure and goes on to app.onError.
 */
async function attempt<V>(
  run: () => Promise<V>,
  values: Record<string, string>,
  t: PageT,
  target?: string,
): Promise<{ ok: true; value: V } | { ok: false; refused: Refused }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const { status, headers } = refusalAnswer(error);
    return { ok: false, refused: { form: { message: refusalWords(error, t), values, target }, status, headers } };
  }
}

const REFUSED_COOKIE = "refused";
/** A sealed refusal larger than this is not sent as a cookie (browsers keep 4 KB a cookie): the page is answered directly. */
const MAX_SEALED = 3800;

/**
 * Whether the post is a browser's navigation (a form submitted by a person): only then is a
 * refusal answered by a redirect, so that Back never offers to send the form again. Scripts and
 * tests get the page with the refusal's status directly.
 */
const isNavigation = (c: Context) => c.req.header("sec-fetch-mode") === "navigate";

/**
 * The page's answer to a refused form: the page rendered again, with the refusal's status; or,
 * for a person's form post when `page` names the GET that shows the form, a 303 there with the
 * refusal sealed into a cookie for one view (takeRefused), so that Back and Reload never resend it.
 * The cookie, not this process's memory: with several instances the GET may reach another one.
 */
export async function showRefused(c: Context, refused: Refused, render: (form: FormState) => Promise<Response>, formPage?: string): Promise<Response> {
  if (formPage !== undefined && isNavigation(c) && Object.keys(refused.headers).length === 0) {
    const sealed = seal(c.get("sealKey"), { form: refused.form, until: Date.now() + 60_000 });
    if (sealed.length <= MAX_SEALED) {
      const name = hostCookie(c, REFUSED_COOKIE);
      setCookie(c, name, sealed, { path: "/", httpOnly: true, sameSite: "Lax", maxAge: 60, secure: name !== REFUSED_COOKIE });
      return c.redirect(atNotice(formPage), 303);
    }
  }
  const page = await render(refused.form);
  const res = new Response(page.body, { status: refused.status, headers: page.headers });
  for (const [name, value] of Object.entries(refused.headers)) res.headers.set(name, value);
  return res;
}

const NOTICE_COOKIE = "notice";

/** A same-site path to go back to, never another site; printable ASCII only, so it is a valid Location header. */
export const safeBack = (value: unknown) => (typeof value === "string" && /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/.test(value) ? value : "/");

/**
 * `to` with the fragment of the element that shows a post's result, a notice or a refusal
 * (`id="notice"`: islands/lib/ui.tsx, src/components/NoticeLine.tsx): the browser opens the page
 * there, below the sticky header, not at its top with the result a screen or two down (issue 39).
 * It replaces any other fragment: the result is what the person looks for first.
 */
export const atNotice = (to: string): string => `${to.split("#")[0]}#${NOTICE_ID}`;

/** Goes to `to` after a successful post (303), carrying `notice` to be shown there once, in view (atNotice). */
export function doneThen(c: Context, to: string, notice?: Notice): Response {
  if (notice === undefined) return c.redirect(to, 303);
  const name = hostCookie(c, NOTICE_COOKIE);
  setCookie(c, name, encodeURIComponent(JSON.stringify(notice)), { path: "/", httpOnly: true, sameSite: "Lax", maxAge: 60, secure: name !== NOTICE_COOKIE });
  return c.redirect(atNotice(to), 303);
}

// Either name of the notice cookie (plain, or __Host- over HTTPS): a cheap test; takeNotice reads the right one.
const carriesNotice = carriesCookie(`(?:__Host-)?${NOTICE_COOKIE}`);
const carriesRefused = carriesCookie(`(?:__Host-)?${REFUSED_COOKIE}`);
/** Whether a post left a notice, or a refused form, for this request (shown once: never kept). */
export const hasNotice = (c: Context) => carriesNotice(c) || carriesRefused(c);

/** The refused form a post left for this view (showRefused), if any; shown once. */
export function takeRefused(c: Context): FormState | undefined {
  if (!carriesRefused(c)) return undefined;
  const name = hostCookie(c, REFUSED_COOKIE);
  const sealed = getCookie(c, name);
  deleteCookie(c, name, { path: "/", secure: name !== REFUSED_COOKIE });
  const kept = sealed === undefined ? undefined : (unseal(c.get("sealKey"), sealed) as { form: FormState; until: number } | undefined);
  return kept !== undefined && kept.until >= Date.now() ? kept.form : undefined;
}

/**
 * A test of whether a request's Cookie header carries a cookie named `name`: a search of the
 * header, not a parse of every cookie (it runs on every signed-in page). Made once per name.
 */
export function carriesCookie(name: string): (c: Context) => boolean {
  const sent = new RegExp(`(?:^|;\\s*)${name}=`);
  return (c) => sent.test(c.req.header("cookie") ?? "");
}

/** The notice a post left for this page, if any; it is shown once. */
export function takeNotice(c: Context): Notice | undefined {
  const name = hostCookie(c, NOTICE_COOKIE);
  const raw = getCookie(c, name);
  if (raw === undefined) return undefined;
  deleteCookie(c, name, { path: "/", secure: name !== NOTICE_COOKIE });
  try {
    const notice = JSON.parse(decodeURIComponent(raw)) as Notice;
    const toneOk = notice.tone === "success" || notice.tone === "error" || notice.tone === "info";
    if (typeof notice.text !== "string" || !toneOk) return undefined;
    const { undo } = notice;
    const undoOk = undo !== undefined && typeof undo.appointmentId === "string" && typeof undo.until === "string" && typeof undo.back === "string";
    // Issue 52: the sub-form whose notice it is (its card shows it, beside the form used).
    const at = typeof notice.at === "string" && /^[\w:-]{1,80}$/.test(notice.at) ? { at: notice.at } : {};
    return { text: notice.text.slice(0, 500), tone: notice.tone, ...at, ...(undoOk ? { undo: { appointmentId: undo.appointmentId.slice(0, 64), until: undo.until.slice(0, 40), back: undo.back.slice(0, 100) } } : {}) };
  } catch {
    return undefined;
  }
}

/** One form post, from its fields to its answer; see handleForm. */
export type FormPost<S extends z.ZodType, T> = {
  schema: S;
  /** Fields the URL gives rather than the form (e.g. the doctor of a booking page). */
  extra?: Record<string, string | undefined>;
  /** Which form on the page it was, when the page has one per item (the appointment's id). */
  target?: (body: Record<string, unknown>) => string;
  /** The use case. */
  run: (data: z.output<S>) => Promise<T>;
  /** The page again, showing a refusal. */
  again: (form: FormState) => Promise<Response>;
  /** The GET that shows this form and takes a refusal (takeRefused): a person's refused post goes there (303). */
  page?: string;
  /** The answer after success: normally doneThen(...). */
  then: (value: T, values: Record<string, string>) => Response | Promise<Response>;
};

/**
 * Carries out a form post the way every page does: parse with the API's schema, run the use case,
 * then go on; a refusal at either step shows the page again with the message and the typed values.
 */
export async function handleForm<S extends z.ZodType, T>(c: Context, post: FormPost<S, T>): Promise<Response> {
  const body = { ...(await formBody(c)), ...post.extra };
  const target = post.target?.(body);
  const t = tOf(c);
  const parsed = parseForm(post.schema, body, t, target);
  if (!parsed.ok) return showRefused(c, parsed.refused, post.again, post.page);
  const done = await attempt(() => post.run(parsed.data), parsed.values, t, target);
  if (!done.ok) return showRefused(c, done.refused, post.again, post.page);
  return post.then(done.value, parsed.values);
}
