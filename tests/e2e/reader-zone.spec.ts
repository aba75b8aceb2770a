/**
 * Issue 39 items 1 and 2 with script: a patient whose browser is in Asia/Kolkata signs up on the
 * page, books a doctor whose hours are in Europe/Berlin, and sees Kolkata's clock everywhere,
 * named; the mails are in the language of the signup. (Without script: no-script/reader-zone.spec.ts.)
 */
import { test } from "./support/fixtures";
import { zoneJourney } from "./support/zones";

test.setTimeout(60_000);

test("in English: times in the browser's zone (Kolkata), named, on the pages and in the mails", async ({ browser }) => {
  await zoneJourney(browser, { script: true, lang: "en" });
});

test("in Hindi: a signup from a Hindi page gets Hindi mail; times in Kolkata, named", async ({ browser }) => {
  await zoneJourney(browser, { script: true, lang: "hi" });
});
