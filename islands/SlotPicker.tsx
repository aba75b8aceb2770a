/** @jsxImportSource react */
/**
 * The booking page's free times (issues 26 and 39): a day first (a select of the next days that
 * have free times), then that day's times as checkboxes of the booking form (`form=`), so that
 * the form posts the ticked ones as `preferredTimes[]` with or without script. Times ticked on
 * another day stay, listed under the day's. Live, the day changes in place and a fourth tick is
 * refused where it is made; without script, "Show times" posts the form to show the chosen day
 * (what was typed and ticked comes back) and the server's refusal of four is shown here.
 */
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { formatDay, formatTime } from "../src/domain/time";
import { daysOf } from "./lib/days";
import { MAX_PREFERRED as MAX } from "../src/domain/availability";
import { useLang, useT } from "./lib/i18n";

export { DAYS_SHOWN, daysOf } from "./lib/days";

/** Consecutive items of the same key, in order. */
function runsOf<T>(items: T[], keyOf: (item: T) => number): { key: number; items: T[] }[] {
  const runs: { key: number; items: T[] }[] = [];
  for (const item of items) {
    const key = keyOf(item);
    if (runs.at(-1)?.key === key) runs.at(-1)!.items.push(item);
    else runs.push({ key, items: [item] });
  }
  return runs;
}

export type Props = {
  /** The viewer's zone, as the server chose it: the hint above names it. */
  zone: string;
  /** The free slots' starts: the first as ISO, then the gaps between starts in ms (small, plain JSON). */
  from: string;
  gaps: number[];
  /** The times ticked when the page was made (a refused post, or "Show times"). */
  ticked: string[];
  /** The day shown (YYYY-MM-DD in `zone`); the first with free times when absent or unknown. */
  day?: string;
  /** The server's refusal of the ticked times, in the page's language (no script). */
  refusal?: string;
  /** The picker's name and the hint below it, with the zone named (the page's words). */
  legend: string;
  hint: string;
  /**
   * Issue 52: one time to choose (instant booking and the reschedule forms), as radio buttons
   * `slotStart` of the form `form`, nothing chosen at first; `choose` is said beside the picker
   * when that form is sent with none.
   */
  one?: boolean;
  form?: string;
  choose?: string;
  /**
   * Issue 54: where the times are, when one is at a clinic (the server's words): the headings
   * (`labels`, the first a video call) and each slot's heading (`of`, in the order of the slots).
   */
  where?: { labels: string[]; of: number[] };
};

/** The form the checkboxes belong to by default (islands/BookingForm.tsx). */
const FORM = "booking-form";

export default function SlotPicker({ zone, from, gaps, ticked: first, day: asked, refusal, legend, hint, one = false, form: formId = FORM, choose, where }: Props) {
  const t = useT();
  const lang = useLang();
  const days = daysOf(from, gaps, zone);
  const [day, setDay] = useState(days.some((d) => d.date === asked) ? asked! : (days[0]?.date ?? ""));
  const [ticked, setTicked] = useState(first);
  const [message, setMessage] = useState(refusal ?? (first.length > MAX ? t("SlotPicker.limit", { max: MAX }) : null));
  const [live, setLive] = useState(false);
  const root = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    setLive(true);
    // What was chosen before the code arrived (the tap that brought it included) is what counts.
    const select = root.current?.querySelector("select");
    if (select && select.value !== day) setDay(select.value);
    const boxes = [...(root.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]") ?? [])];
    setTicked(boxes.filter((b) => b.checked).map((b) => b.value));
    // A booking made (the form resets) or "Discard" without script: nothing ticked any more.
    const form = document.getElementById(formId);
    const cleared = () => {
      setTicked([]);
      setMessage(null);
    };
    // One time to choose: a send with none is stopped here, and why said beside the picker
    // (without script the server says the same, issue 52). "Show times" is no send of a time.
    const unchosen = (event: SubmitEvent) => {
      const submitter = event.submitter as HTMLButtonElement | null;
      if (!one || submitter?.name === "show" || root.current?.querySelector("input[name=slotStart]:checked")) return;
      event.preventDefault();
      setMessage(choose ?? null);
      root.current?.querySelector<HTMLElement>("#slot-day")?.focus();
    };
    form?.addEventListener("reset", cleared);
    form?.addEventListener("submit", unchosen);
    return () => {
      form?.removeEventListener("reset", cleared);
      form?.removeEventListener("submit", unchosen);
    };
  }, []);

  // The reason a tick was refused is brought into view: on a phone it sits below the times.
  useEffect(() => {
    if (message) root.current?.querySelector("#slot-limit")?.scrollIntoView({ block: "nearest" });
  }, [message]);

  function tick(event: ChangeEvent<HTMLInputElement>) {
    const { value, checked } = event.target;
    if (one) {
      setTicked([value]);
      setMessage(null);
    } else if (!checked) {
      setTicked(ticked.filter((v) => v !== value));
      setMessage(null);
    } else if (ticked.length >= MAX) {
      // Refused in place: the box stays unticked and the reason is said beside it.
      event.target.checked = false;
      setMessage(t("SlotPicker.limit", { max: MAX }));
    } else {
      setTicked([...ticked, value]);
      setMessage(null);
    }
  }

  const shown = days.find((d) => d.date === day) ?? days[0];
  // Each start's place in the slots (for `where.of`): the days keep the slots' order.
  const startsIndex = new Map(days.flatMap((d) => d.starts).map((iso, i) => [iso, i]));
  const elsewhere = ticked.filter((iso) => !shown?.starts.includes(iso));
  const box = (iso: string, label: string) => (
    <label className="slot" key={iso}>
      <input type={one ? "radio" : "checkbox"} name={one ? "slotStart" : "preferredTimes[]"} value={iso} form={formId} checked={ticked.includes(iso)} onChange={tick} />
      <time dateTime={iso}>{label}</time>
    </label>
  );
  return (
    <fieldset className="slot-picker" aria-describedby="slot-hint" ref={root}>
      <legend id="slot-legend">{legend}</legend>
      <p id="slot-hint" className="small muted">
        {hint}
      </p>
      <div className="field slot-day-pick">
        <label htmlFor="slot-day">{t("SlotPicker.day")}</label>
        <div className="slot-day-row">
          <select id="slot-day" name="day" form={formId} value={shown?.date} onChange={(e) => setDay(e.target.value)}>
            {days.map((d) => (
              <option key={d.date} value={d.date}>
                {formatDay(d.starts[0]!, zone, lang)}
              </option>
            ))}
          </select>
          {/* Without script the day changes by posting the form back (what was typed comes back too). */}
          {!live && (
            <button type="submit" name="show" value="day" form={formId} formNoValidate className="button-secondary">
              {t("SlotPicker.show")}
            </button>
          )}
        </div>
      </div>
      {where === undefined ? (
        <div className="slot-times" role="group" aria-label={shown ? formatDay(shown.starts[0]!, zone, lang) : undefined}>
          {shown?.starts.map((iso) => box(iso, formatTime(iso, zone, lang)))}
        </div>
      ) : (
        // Issue 54: the day's times in runs of one place, each under its heading ("At Sunrise Clinic, Kothrud, in person").
        runsOf(shown?.starts ?? [], (iso) => where.of[startsIndex.get(iso) ?? 0] ?? 0).map((run) => (
          <div className="slot-times" role="group" aria-label={where.labels[run.key]} key={run.items[0]}>
            <p className="small slot-where">{where.labels[run.key]}</p>
            {run.items.map((iso) => box(iso, formatTime(iso, zone, lang)))}
          </div>
        ))
      )}
      {elsewhere.length > 0 && (
        <div className="slot-elsewhere" role="group" aria-labelledby="slot-elsewhere">
          <p id="slot-elsewhere" className="small">
            {t(one ? "SlotPicker.chosenElsewhere" : "SlotPicker.elsewhere")}
          </p>
          <div className="slot-times">{elsewhere.map((iso) => box(iso, `${formatDay(iso, zone, lang)} ${formatTime(iso, zone, lang)}`))}</div>
        </div>
      )}
      <p id="slot-limit" className={message ? "notice notice-error" : "visually-hidden"} role="status">
        {message}
      </p>
    </fieldset>
  );
}
