/** Issue 41: the public directory's visitor journey with script (tests/e2e/support/directory.ts). */
import { test } from "./support/fixtures";
import { directoryJourney } from "./support/directory";

test("a visitor finds a Hindi-speaking dermatologist under 500 rupees, opens the profile, signs up from Book and lands on the booking page", async ({ browser }) => {
  test.setTimeout(90_000);
  await directoryJourney(browser, true);
});
