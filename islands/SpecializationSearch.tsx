/** @jsxImportSource react */
/**
 * The patient dashboard's specialization grid with doctor counts and a search box. As HTML the
 * box is a GET form the server filters; hydrated, it filters as you type. People's own words find
 * a specialization ("skin", "दिल": src/domain/everyday-words.ts), a doctor's name finds the
 * doctor, and when nothing matches the page offers General Physician and the whole list.
 */
import { useEffect, useRef, useState } from "react";
import { findSpecializations, nameMatches } from "../src/domain/everyday-words";
import { formatNumber, type Translate } from "../src/domain/i18n";
import { api } from "./lib/api";
import { useLang, useT } from "./lib/i18n";
import { withNodes } from "./lib/ui";

export type Doctor = { _id: string; name: string; specialization: string };
/** `doctors`: those whose name answers `query` (the server found them; the island looks further as the query changes). */
export type Props = { query: string; specializations: { name: string; count: number }[]; doctors?: Doctor[] };

/** A specialization as the page's language names it (the link keeps the English name). */
const label = (t: Translate, name: string) => t(`spec.${name}`);
const specHref = (name: string) => `/patient-dashboard/specialization/${encodeURIComponent(name)}`;
/** A message that begins with the number `n` (its own text node, as when written beside the words in JSX), else the message. */
function numberFirst(text: string, n: string, apart: boolean): string[] {
  if (!text.startsWith(`${n} `)) return [text];
  return apart ? [n, " ", text.slice(n.length + 1)] : [n, text.slice(n.length)];
}

/** The directory's doctors, fetched once, when a query first needs names. */
function useDoctorsNamed(query: string, fromServer: Doctor[]): Doctor[] {
  const [all, setAll] = useState<Doctor[] | null>(null);
  const wanted = query.trim().length >= 2;
  useEffect(() => {
    if (!wanted || all !== null) return;
    let live = true;
    void api<Doctor[]>("/patient-dashboard/doctors").then((answer) => live && answer.ok && Array.isArray(answer.body) && setAll(answer.body));
    return () => void (live = false);
  }, [wanted, all]);
  if (!wanted) return [];
  return all === null ? fromServer : all.filter((d) => nameMatches(d.name, query)).slice(0, 10);
}

export default function SpecializationSearch({ query, specializations, doctors = [] }: Props) {
  const t = useT();
  const lang = useLang();
  const [q, setQ] = useState(query);
  const box = useRef<HTMLInputElement>(null);
  // Words typed or pasted before this code arrived are in the box, not in the props: act on them.
  useEffect(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== q) setQ(typed);
  }, []);
  const named = useDoctorsNamed(q, doctors);
  const names = specializations.map((s) => s.name);
  const found = new Set(findSpecializations(names, q, (name) => label(t, name)));
  const matched = specializations.filter((s) => found.has(s.name));
  const none = q.trim() !== "" && matched.length === 0 && named.length === 0;
  // Nothing matched: the whole list, so no one is left without a way on.
  const shown = none ? specializations : matched;
  return (
    <>
      <form method="get" role="search" className="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="specialization-search">{t("SpecializationSearch.label")}</label>
        <input
          id="specialization-search"
          ref={box}
          name="q"
          type="search"
          value={q}
          placeholder={t("SpecializationSearch.placeholder")}
          autoComplete="off"
          onChange={(e) => setQ(e.target.value)}
        />
      </form>
      <p className="visually-hidden" role="status">
        {numberFirst(t("SpecializationSearch.shown", { count: none ? 0 : shown.length + named.length }), formatNumber(none ? 0 : shown.length + named.length, lang), false)}
      </p>
      {none && (
        <div className="empty search-none">
          <p>{withNodes(t, "SpecializationSearch.none", {}, { query: q })}</p>
          <p>
            {withNodes(t, "SpecializationSearch.tryGeneral", {}, {
              general: <a href={specHref("General Physician")}>{label(t, "General Physician")}</a>,
            })}
          </p>
        </div>
      )}
      {named.length > 0 && (
        <section aria-labelledby="search-doctors" className="search-doctors">
          <h2 id="search-doctors">{t("SpecializationSearch.doctorsNamed")}</h2>
          <ul className="spec-grid doctor-grid" role="list">
            {named.map((d) => (
              <li key={d._id}>
                <a className="card spec-card" href={`/patient-dashboard/bookAppointment/${encodeURIComponent(d._id)}`}>
                  <span className="spec-name">{d.name}</span>
                  <span className="spec-count">{label(t, d.specialization)}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {none && <h2 className="search-all">{t("SpecializationSearch.all")}</h2>}
      {shown.length > 0 && (
        <ul className="spec-grid" role="list">
          {shown.map((s) => (
            <li key={s.name}>
              <a className="card spec-card" href={specHref(s.name)}>
                <span className="spec-name">{label(t, s.name)}</span>
                <span className="spec-count">
                  {numberFirst(t("SpecializationSearch.doctors", { count: s.count }), formatNumber(s.count, lang), true)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
