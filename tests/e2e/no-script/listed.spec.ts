/** Issue 52 without script: the same journeys as tests/e2e/listed.spec.ts, plain HTML forms, links and <details>. */
import { test } from "../support/fixtures";
import { firstStepsJourney, phoneFiltersJourney, specializationCardJourney } from "../support/listed";

test("without script: a new doctor's first steps name the registration and the dashboard says why they are not listed, in English and Hindi", async ({ browser }) => {
  test.setTimeout(90_000);
  await firstStepsJourney(browser, false);
});

test("without script: a specialization page shows the directory's card, verified or 'Registration not yet checked'", async ({ browser }) => {
  test.setTimeout(90_000);
  await specializationCardJourney(browser, false);
});

test("without script: at 360 px /doctors folds its filters into 'Filters (2)' with the count and the first card in view, and Book leads to the booking page", async ({ browser }) => {
  test.setTimeout(90_000);
  await phoneFiltersJourney(browser, false);
});
