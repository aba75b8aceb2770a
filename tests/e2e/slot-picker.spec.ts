/** Issue 39 item 5 with script, in English and Hindi: a day first, then its times (tests/e2e/support/slot-picker.ts). */
import { test } from "./support/fixtures";
import { slotPickerJourney } from "./support/slot-picker";

for (const lang of ["en", "hi"] as const) {
  test(`(${lang}) at 360 px: choose a day, then times; a fourth tick is refused in place; the doctor gets the three`, async ({ browser }) => {
    test.setTimeout(60_000);
    await slotPickerJourney(browser, true, lang);
  });
}
