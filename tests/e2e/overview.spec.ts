/** Issue 58: the admin reads the overview's chart and table, with script (tests/e2e/support/overview.ts). */
import { overviewJourney } from "./support/overview";
import { test } from "./support/fixtures";

test("the admin opens the overview from the menu and reads the chart and the table: English and Hindi, light and dark, 360 and 1280 px", async ({ browser }) => {
  test.setTimeout(300_000);
  await overviewJourney(browser, true);
});
