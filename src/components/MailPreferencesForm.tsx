/** The mail choices on a profile page (issue 25): a plain form, posted without script. */
import type { MailPreferences } from "../domain/mail-preferences";
import { useT } from "../render/lang";

export function MailPreferencesForm({ action, choice, mailOn }: { action: string; choice: MailPreferences; mailOn: boolean }) {
  const t = useT();
  return (
    <section id="mail" class="card mail-preferences" aria-labelledby="mail-title">
      <h2 id="mail-title">{t("account.mailTitle")}</h2>
      {!mailOn && <p class="muted">{t("account.mailOff")}</p>}
      <form method="post" action={action}>
        <label class="check">
          <input type="checkbox" name="reminders" value="on" checked={choice.reminders} /> {t("account.mailReminders")}
        </label>
        <label class="check">
          <input type="checkbox" name="notices" value="on" checked={choice.notices} /> {t("account.mailNotices")}
        </label>
        <p class="muted">{t("account.mailAlways")}</p>
        {/* Issue 55: texts to a verified phone, besides the mails. */}
        <label class="check">
          <input type="checkbox" name="sms" value="on" checked={choice.sms} /> {t("phone.bySms")}
        </label>
        <label class="check">
          <input type="checkbox" name="whatsapp" value="on" checked={choice.whatsapp} /> {t("phone.byWhatsapp")}
        </label>
        <button type="submit" class="button-secondary">
          {t("account.mailSave")}
        </button>
      </form>
    </section>
  );
}
