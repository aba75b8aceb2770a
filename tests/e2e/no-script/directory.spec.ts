/** Issue 41 without script: the same visitor journey as tests/e2e/directory.spec.ts, all plain HTML forms and links. */
import { test } from "../support/fixtures";
import { directoryJourney } from "../support/directory";

test("without script: a visitor finds a Hindi-speaking dermatologist under 500 rupees, opens the profile, signs up from Book and lands on the booking page", async ({ browser }) => {
  test.setTimeout(90_000);
  await directoryJourney(browser, false);
});
