/** Issue 39 without script, in English and Hindi: ask before scheduling, undo, first steps (tests/e2e/support/doctor-confirm.ts), all plain HTML forms. */
import { test } from "../support/fixtures";
import { confirmJourney, firstLoginJourney } from "../support/doctor-confirm";

for (const lang of ["en", "hi"] as const) {
  test(`without script, ${lang}: a tapped time asks first and Go back schedules nothing; outside the hours asks again, naming why; Undo sends no mail, a schedule left alone mails once`, async ({ browser }) => {
    test.setTimeout(90_000);
    await confirmJourney(browser, false, lang);
  });

  test(`without script, ${lang}: an approved doctor's first login says what to do next, each step gone once done`, async ({ browser }) => {
    test.setTimeout(90_000);
    await firstLoginJourney(browser, false, lang);
  });
}
