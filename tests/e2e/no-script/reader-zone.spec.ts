/**
 * Issue 39 items 1 and 2 without script: no zone can be reported, so a Hindi page starts in India
 * Standard Time and an English one in UTC, each saying so beside the times with the link to
 * choose; never the doctor's zone (Europe/Berlin). The English patient chooses Kolkata there. The
 * mails are in the language of the signup, the time on the patient's clock, named.
 */
import { test } from "../support/fixtures";
import { zoneJourney } from "../support/zones";

test.setTimeout(60_000);

test("in English: UTC said to be a guess, Kolkata once chosen in place; pages and mails in it", async ({ browser }) => {
  await zoneJourney(browser, { script: false, lang: "en" });
});

test("in Hindi: India Standard Time as the language's usual zone, named; Hindi mail from the first", async ({ browser }) => {
  await zoneJourney(browser, { script: false, lang: "hi" });
});
