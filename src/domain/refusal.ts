/**
 * How the house says no. A use case (or a layer below it: storage, the throttles, the calendar)
 * throws a Refusal of a kind (the input is invalid, the thing is not found or not yours, the
 * state does not allow it, ...) with the sentence to show; it knows nothing of HTTP, so it lives
 * in src/domain where every layer may import it. The JSON API maps the kind to a status
 * (src/http/errors.ts), and a form handler shows the sentence beside the form with the same status.
 */
import type { Lang, Translate } from "./i18n";

/**
 * What a page says beside the field when the API's message is for programs: a message that
 * src/domain/messages.ts (humanMessage) knows, or, for words that hold times, how to say them
 * in a page's language (`t`, and `lang` for Intl).
 */
export type RefusalWords = string | ((t: Translate, lang: Lang) => string);

export type RefusalKind = "invalid" | "unauthenticated" | "forbidden" | "not_found" | "conflict" | "too_large" | "unsupported" | "too_many" | "busy";

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** For too_many and busy: how long until the next attempt can succeed. */
    readonly retryAfterSeconds?: number,
    /** What a page says beside the field, in plain words, when the API's message is for programs. */
    readonly words?: RefusalWords,
  ) {
    super(message);
    this.name = "Refusal";
  }
}

/** An id that does not exist or is not the caller's: the two are indistinguishable. */
export const notFound = (what: string) => new Refusal("not_found", `${what} not found`);
/** The state does not allow it: a taken email, an overlapping slot, a transition not allowed. */
export const conflict = (message: string) => new Refusal("conflict", message);
export const invalid = (message: string) => new Refusal("invalid", message);
