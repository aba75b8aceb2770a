/** Issue 26 without script: the same journey as tests/e2e/hours.spec.ts, all plain HTML forms. */
import { test } from "../support/fixtures";
import { hoursJourney } from "../support/hours";

test("without script: a doctor sets hours; a patient picks two times; the doctor confirms one in one tap, then reschedules it", async ({ browser }) => {
  test.setTimeout(90_000);
  await hoursJourney(browser, false);
});
