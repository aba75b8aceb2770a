/** @jsxImportSource react */
/**
 * The patient dashboard's specialization grid with doctor counts and a search box. As HTML the
 * box is a GET form the server filters; hydrated, it filters as you type.
 */
import { useState } from "react";
import { formatNumber, type Translate } from "../src/domain/i18n";
import { useLang, useT } from "./lib/i18n";
import { withNodes } from "./lib/ui";

export type Props = { query: string; specializations: { name: string; count: number }[] };

const matches = (name: string, query: string) => name.toLowerCase().includes(query.trim().toLowerCase());
/** A specialization as the page's language names it (the link keeps the English name). */
const label = (t: Translate, name: string) => t(`spec.${name}`);
/** A message that begins with the number `n` (its own text node, as when written beside the words in JSX), else the message. */
function numberFirst(text: string, n: string, apart: boolean): string[] {
  if (!text.startsWith(`${n} `)) return [text];
  return apart ? [n, " ", text.slice(n.length + 1)] : [n, text.slice(n.length)];
}

export default function SpecializationSearch({ query, specializations }: Props) {
  const t = useT();
  const lang = useLang();
  const [q, setQ] = useState(query);
  // The English name matches too, in every language.
  const shown = specializations.filter((s) => matches(s.name, q) || matches(label(t, s.name), q));
  return (
    <>
      <form method="get" role="search" className="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="specialization-search">{t("SpecializationSearch.label")}</label>
        <input
          id="specialization-search"
          name="q"
          type="search"
          value={q}
          placeholder={t("SpecializationSearch.placeholder")}
          autoComplete="off"
          onChange={(e) => setQ(e.target.value)}
        />
      </form>
      <p className="visually-hidden" role="status">
        {numberFirst(t("SpecializationSearch.shown", { count: shown.length }), formatNumber(shown.length, lang), false)}
      </p>
      {shown.length === 0 ? (
        <p className="empty">{withNodes(t, "SpecializationSearch.none", {}, { query: q })}</p>
      ) : (
        <ul className="spec-grid" role="list">
          {shown.map((s) => (
            <li key={s.name}>
              <a className="card spec-card" href={`/patient-dashboard/specialization/${encodeURIComponent(s.name)}`}>
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
