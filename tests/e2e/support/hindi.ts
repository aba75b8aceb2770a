/**
 * The Hindi journeys' words (issue 31): a test names what it looks for in English, as the other
 * journeys do, and `H` gives the words a Hindi page shows for it, read from the catalogs: the
 * English pattern's key, the Hindi pattern of that key, the values filled in. A test keeps
 * working when a translation is reworded, and fails when an English text has no Hindi.
 */
import type { Page } from "@playwright/test";
import { CATALOGS } from "../../../src/i18n/catalog";
import { formatMessage, type Values } from "../../../src/domain/i18n";

const byEnglish = new Map<string, string[]>();
for (const [key, english] of Object.entries(CATALOGS.en)) byEnglish.set(english, [...(byEnglish.get(english) ?? []), key]);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The Hindi for the English message `pattern` (as the catalog writes it, `{name}` and all) with
 * `values`: a string when every key with that English has the same Hindi, else a RegExp that
 * matches any of them exactly.
 */
export function H(pattern: string, values?: Values): string | RegExp {
  const keys = byEnglish.get(pattern);
  if (keys === undefined) throw new Error(`no catalog message reads "${pattern}" in English`);
  const hindi = [...new Set(keys.map((key) => formatMessage(CATALOGS.hi[key as keyof typeof CATALOGS.hi], values, "hi")))];
  return hindi.length === 1 ? hindi[0]! : new RegExp(`^(?:${hindi.map(escape).join("|")})$`);
}

/** `H` as a RegExp that finds the Hindi anywhere in a longer text. */
export function within(pattern: string, values?: Values): RegExp {
  const found = H(pattern, values);
  return typeof found === "string" ? new RegExp(escape(found)) : new RegExp(found.source.slice(1, -1));
}

/** Switches `page` to Hindi with the header's switch (a form: works with and without script) and checks it stayed on the same page. */
export async function switchToHindi(page: Page): Promise<void> {
  const before = new URL(page.url()).pathname;
  await page.locator('form[action="/language"] button[value="hi"]').first().click();
  await page.waitForURL((url) => url.pathname === before);
  await page.locator('html[lang="hi"]').waitFor({ state: "attached" });
}
