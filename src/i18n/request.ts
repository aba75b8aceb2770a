/**
 * Which language a request is answered in (issue 31): the person's choice (the `lang` cookie the
 * switcher sets, POST /language), else their account's (kept by the switcher, so mails follow it
 * and a new device starts in it), else the browser's `Accept-Language`, else English. The JSON API
 * never asks: SPEC §8's messages are the same in every language.
 */
import type { Context } from "hono";
import { isLang, negotiateLang, type Lang } from "../domain/i18n";
import { translator, type T } from "./catalog";

declare module "hono" {
  interface ContextVariableMap {
    /** The request's language, once langOf has read it. */
    lang: Lang;
  }
}

/** The cookie that keeps a person's chosen language (a year). */
export const LANG_COOKIE = "lang";
const CHOSEN = /(?:^|;\s*)lang=(en|hi)(?:;|$)/;

/** The language this request's page is written in. */
export function langOf(c: Context): Lang {
  const known = c.get("lang");
  if (known !== undefined) return known;
  const chosen = CHOSEN.exec(c.req.header("cookie") ?? "")?.[1];
  const account = c.get("user")?.account.language;
  const lang = isLang(chosen) ? chosen : isLang(account) ? account : negotiateLang(c.req.header("accept-language"));
  c.set("lang", lang);
  return lang;
}

/** The translator of this request's language. */
export const tOf = (c: Context): T => translator(langOf(c));
