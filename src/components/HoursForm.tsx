/**
 * The doctor's hours on the profile page (issue 26): a time zone, the hours of each weekday as
 * "09:00-12:00, 14:00-17:00", and days off one per line. A plain form: it posts to
 * /doctor-dashboard/doctor-profile/hours, read by hoursForm (src/http/schemas.ts) into the API's shape.
 */
import { WEEKDAYS, type Availability } from "../domain/availability";
import type { FormState } from "../http/forms";

/** The form's text for saved hours: each weekday's ranges, and the days off one a line. */
export function hoursFormValues(hours: Availability | null, fallbackZone: string): Record<string, string> {
  const values: Record<string, string> = { tz: hours?.timeZone ?? fallbackZone };
  WEEKDAYS.forEach((_, i) => {
    values[`day${i + 1}`] = (hours?.weekly ?? []).filter((r) => r.day === i + 1).map((r) => `${r.start}-${r.end}`).join(", ");
  });
  values.daysOff = (hours?.daysOff ?? []).map((d) => (d.from === d.to ? d.from : `${d.from} to ${d.to}`)).join("\n");
  return values;
}

export function HoursForm({ hours, fallbackZone, form }: { hours: Availability | null; fallbackZone: string; form?: FormState }) {
  const values = form?.values ?? hoursFormValues(hours, fallbackZone);
  return (
    <section class="card hours" aria-labelledby="hours-title">
      <h2 id="hours-title">Hours</h2>
      <p class="small muted">
        Patients see your free times inside these hours and can tick the ones that suit them. Leave every day empty to take requests without times (by request).
      </p>
      {form && (
        <p class="notice notice-error" role="alert">
          {form.message}
        </p>
      )}
      <form method="post" action="/doctor-dashboard/doctor-profile/hours">
        <div class="field">
          <label for="hours-tz">Time zone of your hours</label>
          <input id="hours-tz" name="tz" value={values.tz ?? ""} required autocomplete="off" placeholder="Europe/Berlin" />
        </div>
        {WEEKDAYS.map((day, i) => (
          <div class="field">
            <label for={`hours-day${i + 1}`}>{day}</label>
            <input id={`hours-day${i + 1}`} name={`day${i + 1}`} value={values[`day${i + 1}`] ?? ""} placeholder="09:00-12:00, 14:00-17:00" />
          </div>
        ))}
        <div class="field">
          <label for="hours-off">Days off</label>
          <textarea id="hours-off" name="daysOff" rows={3} placeholder="2026-12-24 to 2026-12-26" aria-describedby="hours-off-hint">
            {values.daysOff ?? ""}
          </textarea>
          <p id="hours-off-hint" class="small muted">
            One date, or a range "from to to", a line.
          </p>
        </div>
        <div class="actions">
          <button type="submit">Save hours</button>
        </div>
      </form>
    </section>
  );
}
