import { describe, expect, test } from "bun:test";
import { formatMessage, negotiateLang, translatorOf } from "./i18n";

describe("formatMessage", () => {
  test("values, plurals by the language's rules, exact numbers, selects", () => {
    const meetings = "{count, plural, =0 {No meetings} one {# meeting} other {# meetings}}";
    expect(formatMessage(meetings, { count: 0 }, "en")).toBe("No meetings");
    expect(formatMessage(meetings, { count: 1 }, "en")).toBe("1 meeting");
    expect(formatMessage(meetings, { count: 1200 }, "en")).toBe("1,200 meetings");
    // Hindi's "one" covers 0 and 1 (Intl.PluralRules), so 0 without =0 reads as one.
    const hi = "{count, plural, one {# अपॉइंटमेंट} other {# अपॉइंटमेंट्स}}";
    expect(formatMessage(hi, { count: 0 }, "hi")).toBe("0 अपॉइंटमेंट");
    expect(formatMessage(hi, { count: 3 }, "hi")).toBe("3 अपॉइंटमेंट्स");
    expect(formatMessage("Hello {name}, you are a {role, select, doctor {doctor} other {patient}}.", { name: "Asha", role: "doctor" }, "en")).toBe(
      "Hello Asha, you are a doctor.",
    );
    expect(formatMessage("{role, select, doctor {doctor} other {patient}}", { role: "x" }, "en")).toBe("patient");
  });

  test("a pattern without braces is itself; a malformed one throws", () => {
    expect(formatMessage("Plain text.", undefined, "en")).toBe("Plain text.");
    expect(() => formatMessage("{count, plural, one {x}}", { count: 1 }, "en")).toThrow();
  });

  test("translatorOf falls back to the key", () => {
    const t = translatorOf({ a: "A {x}" } as Record<string, string>, "en");
    expect(t("a", { x: 1 })).toBe("A 1");
    expect(t("missing")).toBe("missing");
  });
});

describe("negotiateLang", () => {
  test("the first of ours by weight, else English", () => {
    expect(negotiateLang(undefined)).toBe("en");
    expect(negotiateLang("hi-IN,hi;q=0.9,en;q=0.8")).toBe("hi");
    expect(negotiateLang("en-IN,en;q=0.9,hi;q=0.8")).toBe("en");
    expect(negotiateLang("fr,hi;q=0.5")).toBe("hi");
    expect(negotiateLang("fr,de")).toBe("en");
    expect(negotiateLang("en;q=0.2,hi;q=0.7")).toBe("hi");
  });
});
