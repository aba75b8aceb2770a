/**
 * Issue 54: the words the meetings islands show of a clinic visit (VisitWords), written here in
 * the page's language rather than carried in each island's share of the catalog, which has a
 * budget (src/i18n/catalog.test.ts). Only a list with a clinic visit gets them.
 */
import type { VisitWords } from "../../domain/places";
import type { Key, T } from "../../i18n/catalog";

/** `{ visit }` for an island's props when one of `list` is at a clinic; else nothing. */
export function visitWords(list: { visit: { type: string } }[], t: T): { visit?: VisitWords } {
  if (!list.some((a) => a.visit.type === "clinic")) return {};
  return { visit: { at: t("places.visitAt"), early: t("places.arriveEarly"), map: t("places.map"), later: t("places.later") } };
}

/** A move's notice (issue 54): `done`, and when the new time is of another visit, what it is now. */
export function movedWords(t: T, done: Key, moved: { visitChanged: boolean; visit: { visitType: "video" | "clinic" } }): string {
  if (!moved.visitChanged) return t(done);
  const first = t(done);
  const stop = /[.।!?]$/.test(first) ? "" : t.lang === "hi" ? "।" : ".";
  return `${first}${stop} ${t(moved.visit.visitType === "clinic" ? "places.movedToClinic" : "places.movedToVideo")}`;
}
