/** @jsxImportSource react */
/** Pieces both meetings pages share: a titled section of cards, and the line that tells a cancellation. */
import type { ReactNode } from "react";
import { LIMITS } from "../../src/domain/fields";
import type { FormState } from "../../src/http/forms";
import { storyState } from "../../src/domain/story";
import type { AppointmentJson, StoryJson } from "../../src/http/shapes";
import { ADULT_AGE, fillFamily, personWords, type FamilyWords } from "../../src/domain/family";
import { addressLine, type VisitWords } from "../../src/domain/places";
import { TextForm } from "./forms";
import { LocalTime } from "./time";
import { useT } from "./i18n";
import { withNodes } from "./ui";

export function StorySection<T extends { _id: string }>({ id, title, items, card }: { id: string; title: string; items: T[]; card: (item: T, index: number) => ReactNode }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="story-section">
      <h2 id={`${id}-title`}>{title}</h2>
      <ul className="meeting-list" role="list">
        {items.map((item, i) => card(item, i))}
      </ul>
    </section>
  );
}

/**
 * "Declined by Dr. Rao on …" / "Withdrawn by you on …", with the reason: the state's one word
 * (src/i18n/<lang>/states.ts) and by whom. `self` is the viewer's side; `other` names the other side.
 */
export function CancelledLine({ a, self, other, timeZone }: { a: StoryJson; self: "patient" | "doctor"; other: string; timeZone: string }) {
  const t = useT();
  if (!a.cancelled) return null;
  const state = storyState(a);
  // "admin": the admin blocked the doctor, and Carebook cancelled what was open (docs/decisions.md).
  const who = a.cancelled.by === "admin" ? "Carebook" : other;
  return (
    <>
      <p>
        {withNodes(t, "story.cancelledAt", {}, {
          line: <strong>{t("state.by", { state, word: t(`state.${state}`), who, self: a.cancelled.by === self ? "yes" : "no" })}</strong>,
          time: <LocalTime iso={a.cancelled.at} timeZone={timeZone} />,
        })}
      </p>
      <p>
        <strong>{t("reason.ending")}</strong> {a.cancelled.reason}
      </p>
    </>
  );
}

/** The badge of an appointment's state, in the words both sides read. */
export function StateBadge({ a }: { a: StoryJson }) {
  const t = useT();
  return <span className={`badge badge-${a.status}`}>{t(`state.${storyState(a)}`)}</span>;
}

/** Where a clinic visit is (issue 54): the place's name and address, its phone and map, "arrive early"; nothing for a video call. */
export function VisitPlace({ visit, words }: { visit?: StoryJson["visit"]; words?: VisitWords }) {
  if (visit === undefined || visit.type === "video" || words === undefined) return null;
  const place = visit.place;
  if (place === null) return <p className="visit-place">{words.later}</p>;
  const line = addressLine(place);
  return (
    <div className="visit-place">
      <p>
        <strong>{words.at}</strong> {line}
      </p>
      {(place.phone || place.mapUrl) && (
        <p>
          {place.phone && <a href={`tel:${place.phone}`}>{place.phone}</a>}
          {place.phone && place.mapUrl && " · "}
          {place.mapUrl && (
            <a href={place.mapUrl} target="_blank" rel="noopener noreferrer">
              {words.map}
            </a>
          )}
        </p>
      )}
      {words.early !== "" && <p className="muted">{words.early}</p>}
    </div>
  );
}

/** A confirmed meeting's links: Join (a real button) and Add to calendar. */
export function MeetingLinks({ meetLink, ics }: { meetLink: string | null; ics: string }) {
  const t = useT();
  return (
    <div className="actions">
      {meetLink && (
        <a className="button" href={meetLink} target="_blank" rel="noopener noreferrer">
          {t("story.join")}
        </a>
      )}
      <a className="button button-secondary" href={ics} download>
        {t("story.addCalendar")}
      </a>
    </div>
  );
}

/**
 * Cancelling or withdrawing: a reason behind a first step (TextForm with `confirm`). `first` is
 * the first button, `note` says what will happen, `label` is the field's, `submit` the second
 * button's, `keep` the way out (back to `page`, at this meeting's card: its id is `meeting-<id>`).
 * `optional`: the reason may be left empty (withdrawing a request; the form's handler says why).
 */
export function ReasonStep(props: {
  action: string;
  page: string;
  id: string;
  first: string;
  ariaLabel: string;
  note: ReactNode;
  label: string;
  submit: string;
  keep: string;
  optional?: boolean;
  emptyMessage: string;
  refused?: FormState;
  send: (reason: string) => Promise<string | null>;
}) {
  const refused = props.refused?.target === props.id ? props.refused : undefined;
  // Without script the way out shows the page again (a query of its own makes it a new visit, so the step is closed) at this card.
  const keep = { label: props.keep, href: `${props.page}?kept=${encodeURIComponent(props.id)}#meeting-${encodeURIComponent(props.id)}` };
  return (
    <TextForm
      action={props.action}
      hidden={{ appointmentId: props.id }}
      field={{ name: "reason", label: props.label, maxLength: LIMITS.cancelReason.max, optional: props.optional }}
      emptyMessage={props.emptyMessage}
      confirm={{ label: props.first, ariaLabel: props.ariaLabel, note: props.note, keep }}
      button={{ label: props.submit, className: "button-danger" }}
      value={refused?.values.reason}
      error={refused?.message}
      send={props.send}
    />
  );
}

type ForCard = Pick<AppointmentJson, "for" | "patient">;
const valuesOf = (person: { name: string; age: number }, holder: string) => ({ name: person.name, age: person.age, holder });

/**
 * Who a doctor's card is about (issue 42): the account holder, or the family member it is for
 * ("Aarav, 6, child of Priya S.", in the server's words; name and age alone for a visit that came
 * in after the page, whose words the page did not bring).
 */
export function personOf(a: ForCard, family: FamilyWords | undefined): string {
  return personWords(a.for, a.patient.name, family);
}

/** The doctor's note on a card for a minor (issue 42): the account holder attends with them. */
export function WithAdultNote({ a, family }: { a: ForCard; family: FamilyWords | undefined }) {
  if (a.for === null || a.for.age >= ADULT_AGE || family === undefined) return null;
  return <p className="small with-adult">{fillFamily(family.withAdult, valuesOf(a.for, a.patient.name))}</p>;
}

/** The patient's line on a card for a family member (issue 42): who the visit is for. */
export function ForLine({ a, family }: { a: ForCard; family: FamilyWords | undefined }) {
  if (a.for === null) return null;
  return <p className="for-line">{family ? fillFamily(family.visitFor[a.for.relation], valuesOf(a.for, a.patient.name)) : a.for.name}</p>;
}
