/**
 * The time zone a page's times are in, named for people, with the way to change it; and the
 * profile pages' form that chooses it (POST /time-zone, src/routes/pages/time-zone.ts).
 */
import type { Role } from "../domain/fields";
import type { ReaderZone } from "../domain/time";
import { canonicalZone, commonZonesIn, zoneName, zoneNames } from "../domain/zones";
import { useT } from "../render/lang";

/** Where an account chooses its zone. */
export const ZONE_FORM_PAGE: Record<Role, string> = {
  patient: "/patient-dashboard/patient-profile",
  doctor: "/doctor-dashboard/doctor-profile",
  admin: "/admin-dashboard",
};

/**
 * "Times are in India Standard Time (Kolkata). Change time zone": the reader's zone, named, and
 * where it came from (readerZone, src/domain/time.ts). Until the person chooses one it says so
 * and links to the choice; when it is only the usual zone of the page's language it says that the
 * person's own is not known yet (issue 39). `live`: the times beside it are islands', so once the
 * client has reported a browser's zone other than the one named (`data-zone-note`: islands then
 * show the browser's), it writes that zone into the note (`data-zone-says`, the sentence once the
 * zone is on the account), or hides the note if the sentence would not fit its place;
 * times rendered by the server alone (the booking page's free times) keep it, and the client loads
 * such a page again once if the zone was a guess and the browser's differs (src/render/client-assets.ts).
 */
export function ZoneNote({ reader, role, id, live = true }: { reader: ReaderZone; role: Role; id?: string; live?: boolean }) {
  const t = useT();
  const chosen = reader.from === "account";
  return (
    <p
      class="small muted zone-note"
      id={id}
      data-zone-note={chosen || !live ? undefined : zoneNames(reader.zone)}
      data-zone-says={chosen || !live ? undefined : t("account.zoneNote", { zone: "{zone}", from: "account" })}
      data-zone-rendered={chosen || live ? undefined : zoneNames(reader.zone)}
    >
      {t("account.zoneNote", { zone: zoneName(reader.zone, t.lang), from: reader.from })}{" "}
      <a href={`${ZONE_FORM_PAGE[role]}#time-zone`}>{t(chosen ? "account.zoneChange" : "account.zoneChoose")}</a>
    </p>
  );
}

/** A select of the common zones, India's first, named for people (and `zone` first when it is not among them; none chosen for ""). */
export function ZoneSelect({ id, name, zone, describedBy }: { id: string; name: string; zone: string; describedBy?: string }) {
  const t = useT();
  const selected = zone === "" ? "" : canonicalZone(zone);
  const common = commonZonesIn(t.lang);
  const options = selected === "" || common.some((z) => z.zone === selected) ? common : [{ zone: selected, label: zoneName(selected, t.lang) }, ...common];
  return (
    <select id={id} name={name} required aria-describedby={describedBy}>
      {options.map((o) => (
        <option value={o.zone} selected={o.zone === selected}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** The form that chooses the account's zone (a patient's, an admin's): the zone select and its button. */
export function TimeZoneForm({ zone }: { zone: string }) {
  const t = useT();
  return (
    <form method="post" action="/time-zone" class="card zone-form" id="time-zone" aria-labelledby="time-zone-title">
      <h2 id="time-zone-title">{t("account.zoneTitle")}</h2>
      <div class="field">
        <label for="time-zone-select">{t("account.zoneShow")}</label>
        <ZoneSelect id="time-zone-select" name="timeZone" zone={zone} />
      </div>
      <button type="submit">{t("account.zoneSave")}</button>
    </form>
  );
}
