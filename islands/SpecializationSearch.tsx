/** @jsxImportSource react */
/**
 * The patient dashboard's specialization grid with doctor counts and a search box. As HTML the
 * box is a GET form the server filters; hydrated, it filters as you type.
 */
import { useState } from "react";
import type { Translate } from "../src/domain/i18n";
import { useT } from "./lib/i18n";

export type Props = { query: string; specializations: { name: string; count: number }[] };

const matches = (name: string, query: string) => name.toLowerCase().includes(query.trim().toLowerCase());
/** A specialization as the page's language names it (the link keeps the English name). */
const label = (t: Translate, name: string) => t(`spec.${name}`);

export default function SpecializationSearch({ query, specializations }: Props) {
  const t = useT();
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
        {t("SpecializationSearch.shown", { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className="empty">{t("SpecializationSearch.none", { query: q })}</p>
      ) : (
        <ul className="spec-grid" role="list">
          {shown.map((s) => (
            <li key={s.name}>
              <a className="card spec-card" href={`/patient-dashboard/specialization/${encodeURIComponent(s.name)}`}>
                <span className="spec-name">{label(t, s.name)}</span>
                <span className="spec-count">
                  {t("SpecializationSearch.doctors", { count: s.count })}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
