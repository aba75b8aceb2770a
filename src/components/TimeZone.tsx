/**
 * The time zone a page's times are in, named for people, with the way to change it; and the
 * profile pages' form that chooses it (POST /time-zone, src/routes/pages/time-zone.ts).
 */
import type { Role } from "../domain/fields";
import { canonicalZone, COMMON_ZONES, zoneLabel } from "../domain/zones";

/** Where an account chooses its zone. */
export const ZONE_FORM_PAGE: Record<Role, string> = {
  patient: "/patient-dashboard/patient-profile",
  doctor: "/doctor-dashboard/doctor-profile",
  admin: "/admin-dashboard",
};

/**
 * "Times are in India Standard Time (Kolkata). Change". `chosen`: the account has a zone of its
 * own; when not, the client hides the note once it has reported the browser's zone (islands
 * then show that zone).
 */
export function ZoneNote({ zone, chosen, role, id }: { zone: string; chosen: boolean; role: Role; id?: string }) {
  return (
    <p class="small muted zone-note" id={id} data-zone-note={chosen ? undefined : "unset"}>
      Times are in {zoneLabel(zone)}
      {chosen ? "" : " until you choose your time zone"}. <a href={`${ZONE_FORM_PAGE[role]}#time-zone`}>{chosen ? "Change time zone" : "Choose time zone"}</a>
    </p>
  );
}

/** The form that chooses the account's zone: a select of common zones (and the current one, if it is not among them). */
export function TimeZoneForm({ zone }: { zone: string }) {
  const selected = canonicalZone(zone);
  const options = COMMON_ZONES.some((z) => z.zone === selected) ? COMMON_ZONES : [{ zone: selected, label: zoneLabel(selected) }, ...COMMON_ZONES];
  return (
    <form method="post" action="/time-zone" class="card zone-form" id="time-zone" aria-labelledby="time-zone-title">
      <h2 id="time-zone-title">Time zone</h2>
      <div class="field">
        <label for="time-zone-select">Show times in</label>
        <select id="time-zone-select" name="timeZone">
          {options.map((o) => (
            <option value={o.zone} selected={o.zone === selected}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">Save time zone</button>
    </form>
  );
}
