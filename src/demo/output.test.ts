/**
 * What `bun run demo` prints, in the terminal's language (issue 31): Hindi when LC_ALL (else
 * LANG) starts with "hi", English otherwise, the English exactly as before (demo.test.ts and the
 * Playwright demo journey read it). The refusal of a real database is checked through the
 * command itself, in Hindi.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { startHarness, type Harness } from "../../tests/support/harness";
import { SPECIALIZATIONS } from "../domain/fields";
import { CATALOGS, translator, type Key } from "../i18n/catalog";
import { demoLang, demoT, loginsText, refusedText } from "./output";
import { DEMO_ADMIN, DEMO_DOCTORS, DEMO_PASSWORD, DEMO_PATIENTS } from "./people";

const ROOT = resolve(import.meta.dir, "..", "..");

describe("the terminal's language", () => {
  test("Hindi when LC_ALL, else LANG, starts with hi; English otherwise", () => {
    expect(demoLang({ LANG: "hi_IN.UTF-8" })).toBe("hi");
    expect(demoLang({ LANG: "hi" })).toBe("hi");
    expect(demoLang({ LC_ALL: "hi_IN.UTF-8", LANG: "en_GB.UTF-8" })).toBe("hi");
    expect(demoLang({ LC_ALL: "", LANG: "hi_IN" })).toBe("hi");
    // LC_ALL overrides LANG, as for every POSIX program.
    expect(demoLang({ LC_ALL: "C.UTF-8", LANG: "hi_IN.UTF-8" })).toBe("en");
    expect(demoLang({ LANG: "en_US.UTF-8" })).toBe("en");
    expect(demoLang({ LANG: "C.UTF-8" })).toBe("en");
    expect(demoLang({})).toBe("en");
  });
});

describe("the logins", () => {
  test("in English, as before: what demo.test.ts and the demo journey read", () => {
    const text = loginsText(translator("en"), { mailPreview: true });
    const width = Math.max(...[DEMO_ADMIN, ...DEMO_DOCTORS, ...DEMO_PATIENTS].map((a) => a.email.length));
    expect(text.split("\n").slice(0, 5)).toEqual([
      "",
      `Demo logins (every password: ${DEMO_PASSWORD})`,
      `  admin    ${DEMO_ADMIN.email.padEnd(width)}  Ada Admin`,
      `  patient  ${"pat@carebook.demo".padEnd(width)}  Pat Patient: appointments in every state`,
      `  patient  ${"robin@carebook.demo".padEnd(width)}  Robin Rivera: appointments in every state`,
    ]);
    expect(text).toContain(`  doctor   ${"amara.okafor@carebook.demo".padEnd(width)}  Dr. Amara Okafor, Cardiologist\n`);
    expect(text).toContain(`  doctor   ${"uma.patel@carebook.demo".padEnd(width)}  Dr. Uma Patel, Orthopedic Surgeon (pending)\n`);
    expect(text).toEndWith("\n\nEvery mail the demo sends: log in as the admin and open /admin-dashboard/mail (sent nowhere).\n");
    expect(loginsText(translator("en"), { mailPreview: false })).not.toContain("Every mail");
    expect(text.match(/every password: (\S+)\)/)![1]).toBe(DEMO_PASSWORD);
    expect([...text.matchAll(/^ {2}(admin|patient|doctor) +(\S+@\S+)/gm)]).toHaveLength(1 + DEMO_PATIENTS.length + DEMO_DOCTORS.length);
    expect(refusedText(translator("en"), 2)).toBe(
      "This database holds 2 account(s) that are not demo accounts: the demo leaves it alone.\nRun the demo on a fresh database, e.g. DATABASE_URL=file:data/demo.db bun run demo",
    );
  });

  test("in Hindi: every word ours is Devanagari; the people, emails, password and path as they are", () => {
    const text = loginsText(demoT({ LANG: "hi_IN.UTF-8" }), { mailPreview: true });
    expect(text).toContain(`डेमो लॉगिन (सबका पासवर्ड: ${DEMO_PASSWORD})`);
    expect(text).toContain("  एडमिन    admin@carebook.demo");
    expect(text).toContain("Pat Patient: हर स्थिति के अपॉइंटमेंट");
    expect(text).toContain("Dr. Uma Patel, हड्डी रोग सर्जन (ऑर्थोपेडिक); स्थिति: लंबित");
    for (const s of SPECIALIZATIONS) if (DEMO_DOCTORS.some((d) => d.specialization === s)) expect(text).toContain(CATALOGS.hi[`spec.${s}` as Key]);
    let rest = text.replace(/\S+@\S+/g, " ").replace("/admin-dashboard/mail", " ").replace(DEMO_PASSWORD, " ");
    for (const who of [DEMO_ADMIN, ...DEMO_PATIENTS, ...DEMO_DOCTORS]) rest = rest.split(who.name).join(" ");
    expect(rest.match(/[A-Za-z]{2,}/g)).toBeNull();
  });

  test("the command itself refuses a database with a real account, in Hindi", async () => {
    const h: Harness = await startHarness();
    try {
      await h.signupPatient("Real Person");
      const proc = Bun.spawn(["bun", "src/index.ts", "demo"], {
        cwd: ROOT,
        env: { ...process.env, LC_ALL: "", LANG: "hi_IN.UTF-8", DATABASE_URL: h.deps.config.databaseUrl, UPLOAD_DIR: join(h.dir, "uploads"), JWT_SECRET: "test-secret-that-is-at-least-32-bytes-long", PORT: "0", HOST: "127.0.0.1" },
        stdin: "ignore",
        stdout: "pipe",
        stderr: "pipe",
      });
      const [code, errors] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
      expect(code).toBe(1);
      expect(errors).toContain("इस डेटाबेस में 1 ऐसा खाता है जो डेमो खाता नहीं है: डेमो इसे नहीं छूता।\nडेमो किसी नए डेटाबेस पर चलाएँ");
      expect(errors).not.toContain("not demo accounts");
    } finally {
      await h.stop();
    }
  }, 60_000);
});
