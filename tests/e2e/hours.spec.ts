/** Issue 26 with script: hours, two preferred times, one-tap confirmation, reschedule (tests/e2e/support/hours.ts). */
import { test } from "./support/fixtures";
import { hoursJourney } from "./support/hours";

test("a doctor sets hours; a patient picks two times; the doctor confirms one in one tap, then reschedules it", async ({ browser }) => {
  test.setTimeout(90_000);
  await hoursJourney(browser, true);
});
