/** Issue 28 without script: the same journey, every step a plain form the server carries out. */
import { accountSecurityJourney } from "../support/account-security";
import { test } from "../support/fixtures";

test.setTimeout(60_000);

test("forgot password by mail, change it on the profile, log out another device (no script)", async ({ browser }) => {
  await accountSecurityJourney(browser, false);
});
