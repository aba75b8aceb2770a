/**
 * The booking page's free times (issues 26 and 39): the SlotPicker island (a day, then its times,
 * at most three ticked: islands/SlotPicker.tsx) with the doctor's free slots in the viewer's zone,
 * named; or, for a doctor without hours, the sentence that says requests come without set times.
 */
import { MAX_PREFERRED, type Interval, type Slot } from "../domain/availability";
import type { ReaderZone } from "../domain/time";
import { useT } from "../render/lang";
import { Island } from "../render/islands";
import { zoneName } from "../../islands/lib/time";
import { DAYS_SHOWN, daysOf } from "../../islands/SlotPicker";
import { ZoneNote } from "./TimeZone";

/**
 * How many slots the page reads at most: every slot of DAYS_SHOWN days of 48 half-hour
 * consultations; only a doctor with shorter consultations around the clock reaches it.
 */
export const SLOTS_SHOWN = DAYS_SHOWN * 48;

/** The slots as the island's props carry them: the first start, then the gaps between starts (they repeat, and compress to little). */
export function slotsAsProps(slots: Interval[]): { from: string; gaps: number[] } {
  return { from: new Date(slots[0]?.start ?? 0).toISOString(), gaps: slots.slice(1).map((s, i) => s.start - slots[i]!.start) };
}

/** Issue 54: a clinic's name and locality, for the picker's headings. */
export type PickerPlace = { id: string; name: string; locality: string };

type PickerProps = {
  slots: Slot[];
  /** Issue 54: the doctor's places: the times are headed by where they are when one is at a clinic. */
  places?: readonly PickerPlace[];
  /** The patient's zone, named beside the times (never the doctor's: issue 39). */
  reader: ReaderZone;
  /** What a refused post or "Show times" brought back. */
  ticked?: string[];
  day?: string;
  /** The server's refusal of the ticked times, said beside them. */
  refusal?: string;
  /**
   * Issue 52: one time to choose, nothing chosen at first, as `slotStart` of the form with this id
   * (instant booking, a reschedule): the same picker, radio buttons instead of ticks.
   */
  one?: { form: string; legend: string; hint: string };
};

/**
 * Issue 54: where each offered slot is, when one is at a clinic: the headings' words (the first,
 * a video call) and, per slot, its heading's index; else nothing (the picker is as before).
 */
export function slotPlaces(slots: Slot[], places: readonly PickerPlace[], t: ReturnType<typeof useT>): { labels: string[]; of: number[] } | undefined {
  if (!slots.some((s) => s.placeId !== undefined)) return undefined;
  const labels = [t("places.hoursVideo"), ...places.map((p) => t("places.hoursAt", { name: [p.name, p.locality].filter((x) => x !== "").join(", ") }))];
  return { labels, of: slots.map((s) => (s.placeId === undefined ? 0 : places.findIndex((p) => p.id === s.placeId) + 1)) };
}

export function SlotPicker({ slots, reader, ticked = [], day, refusal, one, places = [] }: PickerProps) {
  const t = useT();
  const zone = reader.zone;
  if (slots.length === 0) {
    return <p class="small muted slot-none">{t("patient.slots.none")}</p>;
  }
  // Only the slots of the days the island offers cross to it (the page reads a few weeks to find them).
  const all = slotsAsProps(slots);
  const days = daysOf(all.from, all.gaps, zone);
  const last = Date.parse(days.at(-1)?.starts.at(-1) ?? "");
  const offered = slots.filter((s) => s.start <= last);
  const where = slotPlaces(offered, places, t);
  const props = {
    ...slotsAsProps(offered),
    ...(where !== undefined && { where }),
    zone,
    ticked,
    ...(day !== undefined && { day }),
    ...(refusal !== undefined && { refusal }),
    legend: one?.legend ?? t("patient.slots.legend"),
    hint: one?.hint ?? t("patient.slots.hint", { max: MAX_PREFERRED, zone: zoneName(zone, t.lang) }),
    ...(one !== undefined && { one: true, form: one.form, choose: t("msg.booking.chooseTime") }),
  };
  return (
    <>
      <ZoneNote reader={reader} role="patient" id="slot-zone" live={false} />
      <Island name="SlotPicker" props={props} />
    </>
  );
}
