/**
 * The messages an island shows when something is refused or goes wrong, in the page's language
 * (issue 31). The JSON API's messages stay in English in every language (SPEC §8, other clients
 * match them); an island says them, and SPEC §8's fallbacks and its own inline checks
 * (src/domain/messages.ts), in its words through humanMessage, from the "msg.*" keys its
 * ISLAND_SHARED prefixes carry. A message the island does not carry is shown in English, as before.
 */
import { useMemo } from "react";
import { humanMessage, overlapWords } from "../../src/domain/messages";
import { api, type ApiAnswer } from "./api";
import { useLang, useT } from "./i18n";

export type HumanMessage = {
  /** `message` (the API's, SPEC §8's, or one of MESSAGES) in the page's language. */
  (message: string): string;
  /** messageOr in the page's language: the server's message when it sent one, else `fallback`. */
  or(answer: ApiAnswer, fallback: string): string;
  /** sendAction in the page's language: null when done, else `failure` and the server's reason. */
  send(path: string, body: Record<string, string | number | boolean>, failure: string): Promise<string | null>;
  /** overlapMessage in the page's language, its times in `zone`. */
  overlap(other: { name: string; start: Date | string; end: Date | string }, zone: string): string;
};

/** The island's way to say a message in the page's language (see HumanMessage). */
export function useHumanMessage(): HumanMessage {
  const t = useT();
  const lang = useLang();
  return useMemo(() => {
    const say = (message: string) => humanMessage(message, t);
    const or = (answer: ApiAnswer, fallback: string) =>
      say(typeof answer.body?.message === "string" && answer.body.message !== "" ? answer.body.message : fallback);
    const send = async (path: string, body: Record<string, string | number | boolean>, failure: string) => {
      const answer = await api(path, { json: body });
      if (answer.ok) return null;
      // SPEC §8's words first, then the server's reason when it gave one.
      const reason = or(answer, "");
      return reason ? `${say(failure)} ${reason}` : say(failure);
    };
    const overlap = (other: { name: string; start: Date | string; end: Date | string }, zone: string) => overlapWords(other, zone, t, lang);
    return Object.assign(say, { or, send, overlap });
  }, [t, lang]);
}
