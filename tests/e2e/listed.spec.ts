/** Issue 52 with script: the registration as a first step, the card on the specialization pages, the folded filters on a phone (tests/e2e/support/listed.ts). */
import { test } from "./support/fixtures";
import { firstStepsJourney, phoneFiltersJourney, specializationCardJourney } from "./support/listed";

test("a new doctor's first steps name the registration and the dashboard says why they are not listed, in English and Hindi", async ({ browser }) => {
  test.setTimeout(90_000);
  await firstStepsJourney(browser, true);
});

test("a specialization page shows the directory's card, verified or 'Registration not yet checked'", async ({ browser }) => {
  test.setTimeout(90_000);
  await specializationCardJourney(browser, true);
});

test("at 360 px /doctors folds its filters into 'Filters (2)' with the count and the first card in view, and Book leads to the booking page", async ({ browser }) => {
  test.setTimeout(90_000);
  await phoneFiltersJourney(browser, true);
});
