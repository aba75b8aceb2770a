/** Issue 28 with script: forgot, mail, reset, signed in; change password; log out another device. */
import { accountSecurityJourney } from "./support/account-security";
import { test } from "./support/fixtures";

test.setTimeout(60_000);

test("forgot password by mail, change it on the profile, log out another device", async ({ browser }) => {
  await accountSecurityJourney(browser, true);
});
