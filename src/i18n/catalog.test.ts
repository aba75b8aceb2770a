/** The catalogs agree (issue 31): the same keys in every language and area, every pattern well formed, the same values named. */
import { describe, expect, test } from "bun:test";
import { argumentsOf, formatMessage, LANGS } from "../domain/i18n";
import { AREAS, CATALOGS, islandMessagesJson, ISLAND_SHARED } from "./catalog";
import { brotliCompressSync } from "node:zlib";


describe("the catalogs", () => {
  test("every area has the same keys in every language", () => {
    for (const [area, en] of Object.entries(AREAS.en)) {
      const hi = AREAS.hi[area as keyof typeof AREAS.hi];
      expect({ area, keys: Object.keys(hi).sort() }).toEqual({ area, keys: Object.keys(en).sort() });
    }
  });

  test("no key is defined by two areas", () => {
    const seen = new Map<string, string>();
    for (const [area, messages] of Object.entries(AREAS.en))
      for (const key of Object.keys(messages)) {
        expect(`${key} in ${seen.get(key) ?? area}`).toBe(`${key} in ${area}`);
        seen.set(key, area);
      }
  });

  test("every pattern parses, names the same values in both languages, and no Hindi message is left empty", () => {
    for (const [key, en] of Object.entries(CATALOGS.en)) {
      const hi = CATALOGS.hi[key as keyof typeof CATALOGS.hi];
      for (const lang of LANGS) expect(() => formatMessage(CATALOGS[lang][key as keyof typeof CATALOGS.en], { count: 2 }, lang)).not.toThrow();
      expect({ key, values: argumentsOf(hi) }).toEqual({ key, values: argumentsOf(en) });
      expect({ key, empty: hi.trim() === "" }).toEqual({ key, empty: en.trim() === "" });
    }
  });

  test("an island's share of the catalog is at most 1 KB brotli in each language", () => {
    for (const name of Object.keys(ISLAND_SHARED) as (keyof typeof ISLAND_SHARED)[])
      for (const lang of LANGS) {
        const size = brotliCompressSync(islandMessagesJson(name, lang)).length;
        expect({ name, lang, over: size > 1024 }).toEqual({ name, lang, over: false });
      }
  });
});
