import { describe, expect, test } from "bun:test";
import { EVERYDAY_WORDS, findSpecializations, nameMatches, searchForm } from "./everyday-words";
import { SPECIALIZATIONS } from "./fields";
import { LANGS } from "./i18n";

/** Words deliberately under two specializations (none today; add a line with the reason). */
const SHARED: ReadonlySet<string> = new Set([]);

describe("the everyday words table", () => {
  test("every specialization is reachable by everyday words of each language, a dozen and more a language", () => {
    for (const lang of LANGS) {
      let count = 0;
      for (const name of SPECIALIZATIONS) {
        const words = EVERYDAY_WORDS[name][lang];
        expect({ name, lang, some: words.length >= 2 }).toEqual({ name, lang, some: true });
        for (const word of words) expect({ word, finds: findSpecializations(SPECIALIZATIONS, word).includes(name) }).toEqual({ word, finds: true });
        count += words.length;
      }
      expect(count).toBeGreaterThanOrEqual(12 * 4);
    }
  });

  test("no word belongs to two specializations unless listed as shared", () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const name of SPECIALIZATIONS)
      for (const word of [...EVERYDAY_WORDS[name].en, ...EVERYDAY_WORDS[name].hi].map(searchForm)) {
        const before = owner.get(word);
        if (before !== undefined && before !== name && !SHARED.has(word)) twice.push(`${word}: ${before}, ${name}`);
        owner.set(word, name);
      }
    expect(twice).toEqual([]);
  });

  test("English words are lower case, Hindi words are Devanagari", () => {
    for (const name of SPECIALIZATIONS) {
      for (const word of EVERYDAY_WORDS[name].en) expect(word).toBe(word.toLowerCase());
      for (const word of EVERYDAY_WORDS[name].hi) expect({ word, devanagari: /^[\u0900-\u097F ]+$/.test(word) }).toEqual({ word, devanagari: true });
    }
  });
});

describe("findSpecializations", () => {
  const find = (q: string) => findSpecializations(SPECIALIZATIONS, q);
  test("the issue's words", () => {
    expect(find("skin")).toEqual(["Dermatologist"]);
    expect(find("heart")).toEqual(["Cardiologist"]);
    expect(find("child")).toEqual(["Pediatrician"]);
    expect(find("bones")).toEqual(["Orthopedic Surgeon"]);
    expect(find("त्वचा")).toEqual(["Dermatologist"]);
    expect(find("दिल")).toEqual(["Cardiologist"]);
    expect(find("बच्चा")).toEqual(["Pediatrician"]);
  });
  test("case, spaces, Devanagari's optional marks, a word among others", () => {
    expect(find("  SKIN ")).toEqual(["Dermatologist"]);
    expect(find("आंख")).toEqual(["Ophthalmologist"]);
    expect(find("कब्ज")).toEqual(["Gastroenterologist"]);
    expect(find("pain in my knee")).toEqual(["Orthopedic Surgeon"]);
  });
  test("names still match, in English and as the page's language names them", () => {
    expect(find("cardio")).toEqual(["Cardiologist"]);
    expect(findSpecializations(SPECIALIZATIONS, "हृदय रोग", (n) => (n === "Cardiologist" ? "हृदय रोग विशेषज्ञ" : n))).toEqual(["Cardiologist"]);
    expect(find("")).toEqual([...SPECIALIZATIONS]);
  });
  test("nothing for a word the table does not know", () => {
    expect(find("zzzz")).toEqual([]);
    expect(find("q")).toEqual([]);
  });
});

describe("nameMatches", () => {
  test("a word of the name begins with the query, with or without Dr.", () => {
    expect(nameMatches("Dr. Neha Sharma", "neha")).toBe(true);
    expect(nameMatches("Dr. Neha Sharma", "shar")).toBe(true);
    expect(nameMatches("Neha Sharma", "Dr. Neha")).toBe(true);
    expect(nameMatches("Neha Sharma", "arma")).toBe(false);
    expect(nameMatches("Neha Sharma", "n")).toBe(false);
  });
});
