/**
 * The languages people read Carebook in, and the one message formatter every page, island, mail
 * and calendar file uses (issue 31). Messages are ICU MessageFormat patterns: `{name}` for a value,
 * `{count, plural, one {# meeting} other {# meetings}}` (categories from Intl.PluralRules of the
 * language, `=N` for an exact number, `#` the number in the language's digits) and
 * `{role, select, doctor {...} other {...}}`. Pure: the server and the islands share it.
 */
import { keptIn } from "./bounded";

export const LANGS = ["en", "hi"] as const;
export type Lang = (typeof LANGS)[number];

/** The locale a language's dates, times and numbers are written in (Intl). */
export const LOCALES: Record<Lang, string> = { en: "en-GB", hi: "hi-IN" };

/** The `lang` of a date input, which Chromium writes its date in: dd/mm/yyyy, as India writes it, in both languages (issue 52). */
export const DATE_INPUT_LANG: Record<Lang, string> = { en: "en-IN", hi: "hi-IN" };

/** Each language's name in its own script: the switcher offers it so. */
export const LANG_NAMES: Record<Lang, string> = { en: "English", hi: "हिन्दी" };

export const isLang = (value: unknown): value is Lang => value === "en" || value === "hi";

/**
 * The language an `Accept-Language` header asks for first among ours (q-values respected, `hi-IN`
 * counts as `hi`), else English.
 */
export function negotiateLang(header: string | undefined): Lang {
  if (header === undefined || header === "") return "en";
  let best: Lang = "en";
  let bestQ = 0;
  for (const part of header.split(",")) {
    const [tag = "", ...params] = part.trim().split(";");
    const base = tag.trim().toLowerCase().split("-")[0];
    if (!isLang(base)) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (weight > bestQ) {
      best = base;
      bestQ = weight;
    }
  }
  return best;
}

/** The values a message may name. */
export type Values = Record<string, string | number>;

type Part = string | { arg: string; kind?: "plural" | "select"; cases?: Record<string, Part[]> };

/** Parses `pattern` from `at` up to the closing `}` of the enclosing case (or the end). */
function parse(pattern: string, at: { i: number }, inPlural: boolean): Part[] {
  const parts: Part[] = [];
  let text = "";
  while (at.i < pattern.length) {
    const ch = pattern[at.i]!;
    if (ch === "}") break;
    if (ch === "#" && inPlural) {
      if (text) parts.push(text), (text = "");
      parts.push({ arg: "#" });
      at.i++;
      continue;
    }
    if (ch !== "{") {
      text += ch;
      at.i++;
      continue;
    }
    if (text) parts.push(text), (text = "");
    at.i++;
    const head = /^\s*(\w+)\s*(?:,\s*(plural|select)\s*,)?\s*/.exec(pattern.slice(at.i));
    if (!head) throw new Error(`bad message: ${pattern}`);
    at.i += head[0].length;
    const arg = head[1]!;
    const kind = head[2] as "plural" | "select" | undefined;
    if (kind === undefined) {
      if (pattern[at.i] !== "}") throw new Error(`bad message: ${pattern}`);
      at.i++;
      parts.push({ arg });
      continue;
    }
    const cases: Record<string, Part[]> = {};
    for (;;) {
      const name = /^\s*(=\d+|\w+)\s*\{/.exec(pattern.slice(at.i));
      if (!name) break;
      at.i += name[0].length;
      cases[name[1]!] = parse(pattern, at, kind === "plural");
      at.i++; // the case's `}`
    }
    const close = /^\s*\}/.exec(pattern.slice(at.i));
    if (!close || cases.other === undefined) throw new Error(`bad message: ${pattern}`);
    at.i += close[0].length;
    parts.push({ arg, kind, cases });
  }
  if (text) parts.push(text);
  return parts;
}

const compiled = new Map<string, Part[]>();
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

const plural = (lang: Lang) => keptIn(pluralRules, 8, lang, () => new Intl.PluralRules(LOCALES[lang]));
/** `n` as the language writes numbers. */
export const formatNumber = (n: number, lang: Lang) => keptIn(numberFormats, 8, lang, () => new Intl.NumberFormat(LOCALES[lang])).format(n);

function write(parts: Part[], values: Values | undefined, lang: Lang, count?: number): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") out += part;
    else if (part.arg === "#") out += formatNumber(count ?? 0, lang);
    else if (part.kind === undefined) {
      const value = values?.[part.arg];
      out += typeof value === "number" ? formatNumber(value, lang) : (value ?? "");
    } else {
      const value = values?.[part.arg];
      if (part.kind === "plural") {
        const n = Number(value ?? 0);
        const chosen = part.cases![`=${n}`] ?? part.cases![plural(lang).select(n)] ?? part.cases!.other!;
        out += write(chosen, values, lang, n);
      } else out += write(part.cases![String(value)] ?? part.cases!.other!, values, lang, count);
    }
  }
  return out;
}

/** `pattern` (ICU MessageFormat, see above) with `values` filled in, in `lang`. */
export function formatMessage(pattern: string, values: Values | undefined, lang: Lang): string {
  if (values === undefined && !pattern.includes("{")) return pattern;
  const parts = keptIn(compiled, 4096, pattern, () => parse(pattern, { i: 0 }, false));
  return write(parts, values, lang);
}

/** The names of the values `pattern` uses (what a translation must keep). */
export function argumentsOf(pattern: string): string[] {
  const names = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === "string" || part.arg === "#") continue;
      names.add(part.arg);
      for (const inner of Object.values(part.cases ?? {})) walk(inner);
    }
  };
  walk(keptIn(compiled, 4096, pattern, () => parse(pattern, { i: 0 }, false)));
  return [...names].sort();
}

/** A message by key, in one language. */
export type Translate<K extends string = string> = (key: K, values?: Values) => string;

/** `t` over one language's messages (a whole catalog on the server, an island's share in the browser). */
export function translatorOf<K extends string>(messages: Readonly<Record<K, string>>, lang: Lang): Translate<K> {
  return (key, values) => formatMessage(messages[key] ?? key, values, lang);
}
