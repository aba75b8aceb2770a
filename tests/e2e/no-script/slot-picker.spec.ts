/** Issue 39 item 5 without script, in English and Hindi: the same journey as tests/e2e/slot-picker.spec.ts, plain HTML forms. */
import { test } from "../support/fixtures";
import { slotPickerJourney } from "../support/slot-picker";

for (const lang of ["en", "hi"] as const) {
  test(`without script (${lang}) at 360 px: choose a day, then times; a fourth tick is answered beside the picker; the doctor gets the three`, async ({ browser }) => {
    test.setTimeout(60_000);
    await slotPickerJourney(browser, false, lang);
  });
}
