/**
 * The booking page's free times (issue 26): the doctor's next free slots grouped by day, in the
 * viewer's zone (named), each a checkbox of the booking form (`form="booking-form"`) so that the
 * form posts the ticked ones as `preferredTimes[]` with or without script. At most three count.
 */
import { MAX_PREFERRED, type Interval } from "../domain/availability";
import { LOCALES, type Lang } from "../domain/i18n";
import type { ReaderZone } from "../domain/time";
import { useT } from "../render/lang";
import { ZoneNote } from "./TimeZone";

/** How many slots the page lists: enough to choose from, few enough for the page-weight budget. */
export const SLOTS_SHOWN = 48;

const dayFormat = (zone: string, lang: Lang) => new Intl.DateTimeFormat(LOCALES[lang], { weekday: "long", day: "numeric", month: "long", timeZone: zone });
const timeFormat = (zone: string, lang: Lang) => new Intl.DateTimeFormat(LOCALES[lang], { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone });

/** Slots grouped by their day in `zone`, in order: [day label in `lang`, slots]. */
export function slotsByDay(slots: Interval[], zone: string, lang: Lang = "en"): [string, Interval[]][] {
  const days = dayFormat(zone, lang);
  const groups = new Map<string, Interval[]>();
  for (const slot of slots) {
    const label = days.format(slot.start);
    groups.set(label, [...(groups.get(label) ?? []), slot]);
  }
  return [...groups];
}

/** `reader`: the patient's zone, named beside the times (never the doctor's: issue 39). */
export function SlotPicker({ slots, reader, ticked = [], form = "booking-form" }: { slots: Interval[]; reader: ReaderZone; ticked?: string[]; form?: string }) {
  const t = useT();
  const zone = reader.zone;
  if (slots.length === 0) {
    return <p class="small muted slot-none">{t("patient.slots.none")}</p>;
  }
  const times = timeFormat(zone, t.lang);
  const chosen = new Set(ticked);
  return (
    <fieldset class="card slot-picker" aria-describedby="slot-hint slot-zone">
      <legend>{t("patient.slots.legend")}</legend>
      <p id="slot-hint" class="small muted">
        {t("patient.slots.hint", { max: MAX_PREFERRED })}
      </p>
      <ZoneNote reader={reader} role="patient" id="slot-zone" live={false} />
      {slotsByDay(slots, zone, t.lang).map(([day, list]) => (
        <div class="slot-day" role="group" aria-label={day}>
          <h3 class="small">{day}</h3>
          <div class="slot-times">
            {list.map((slot) => {
              const iso = new Date(slot.start).toISOString();
              return (
                <label class="slot">
                  <input type="checkbox" name="preferredTimes[]" value={iso} form={form} checked={chosen.has(iso)} />
                  <time datetime={iso}>{times.format(slot.start)}</time>
                </label>
              );
            })}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
