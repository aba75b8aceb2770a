/**
 * The booking page's free times (issue 26): the doctor's next free slots grouped by day, in the
 * viewer's zone (named), each a checkbox of the booking form (`form="booking-form"`) so that the
 * form posts the ticked ones as `preferredTimes[]` with or without script. At most three count.
 */
import { MAX_PREFERRED, type Interval } from "../domain/availability";

/** How many slots the page lists: enough to choose from, few enough for the page-weight budget. */
export const SLOTS_SHOWN = 48;

const dayFormat = (zone: string) => new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: zone });
const timeFormat = (zone: string) => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone });

/** Slots grouped by their day in `zone`, in order: [day label, slots]. */
export function slotsByDay(slots: Interval[], zone: string): [string, Interval[]][] {
  const days = dayFormat(zone);
  const groups = new Map<string, Interval[]>();
  for (const slot of slots) {
    const label = days.format(slot.start);
    groups.set(label, [...(groups.get(label) ?? []), slot]);
  }
  return [...groups];
}

export function SlotPicker({ slots, zone, ticked = [], form = "booking-form" }: { slots: Interval[]; zone: string; ticked?: string[]; form?: string }) {
  if (slots.length === 0) {
    return <p class="small muted slot-none">This doctor takes requests without set times: describe when you can come in your reason, and the doctor will schedule a time.</p>;
  }
  const times = timeFormat(zone);
  const chosen = new Set(ticked);
  return (
    <fieldset class="card slot-picker" aria-describedby="slot-hint">
      <legend>Times that suit you (optional)</legend>
      <p id="slot-hint" class="small muted">
        Tick up to {MAX_PREFERRED} of the doctor's free times, shown in your time zone ({zone}). The doctor confirms one, or proposes another.
      </p>
      {slotsByDay(slots, zone).map(([day, list]) => (
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
