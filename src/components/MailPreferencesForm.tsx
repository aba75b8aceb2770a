/** The mail choices on a profile page (issue 25): a plain form, posted without script. */
import type { MailPreferences } from "../db/queries/mail";

export function MailPreferencesForm({ action, choice, mailOn }: { action: string; choice: MailPreferences; mailOn: boolean }) {
  return (
    <section id="mail" class="card mail-preferences" aria-labelledby="mail-title">
      <h2 id="mail-title">Mail from Carebook</h2>
      {!mailOn && <p class="muted">This Carebook sends no mail at the moment; your choices apply once it does.</p>}
      <form method="post" action={action}>
        <label class="check">
          <input type="checkbox" name="reminders" value="on" checked={choice.reminders} /> Reminders before my meetings
        </label>
        <label class="check">
          <input type="checkbox" name="notices" value="on" checked={choice.notices} /> Other notices (requests, times set,
          cancellations, feedback)
        </label>
        <p class="muted">Mails about your account and its security are always sent.</p>
        <button type="submit" class="button-secondary">
          Save mail choices
        </button>
      </form>
    </section>
  );
}
