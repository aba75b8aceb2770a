/** @jsxImportSource react */
/** Pieces both meetings pages share: a titled section of cards, and the line that tells a cancellation. */
import type { ReactNode } from "react";
import type { StoryJson } from "../../src/http/shapes";
import { LocalTime } from "./time";

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
 * "Cancelled by you on …" / "Request withdrawn by the patient on …", with the reason. `self`
 * is the viewer's side; `other` names the other side.
 */
export function CancelledLine({ a, self, other, timeZone }: { a: StoryJson; self: "patient" | "doctor"; other: string; timeZone: string }) {
  if (!a.cancelled) return null;
  // "admin": the admin blocked the doctor, and Carebook cancelled what was open (docs/decisions.md).
  const who = a.cancelled.by === self ? "you" : a.cancelled.by === "admin" ? "Carebook" : other;
  const what = a.scheduledAt === null ? (a.cancelled.by === "patient" ? "Request withdrawn" : "Request declined") : "Cancelled";
  return (
    <>
      <p>
        <strong>{`${what} by ${who}`}</strong> on <LocalTime iso={a.cancelled.at} timeZone={timeZone} />
      </p>
      <p>
        <strong>Why:</strong> {a.cancelled.reason}
      </p>
    </>
  );
}
