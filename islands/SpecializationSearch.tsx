/** @jsxImportSource react */
/**
 * The patient dashboard's specialization grid with doctor counts and a search box. As HTML the
 * box is a GET form the server filters; hydrated, it filters as you type.
 */
import { useState } from "react";

export type Props = { query: string; specializations: { name: string; count: number }[] };

const matches = (name: string, query: string) => name.toLowerCase().includes(query.trim().toLowerCase());

export default function SpecializationSearch({ query, specializations }: Props) {
  const [q, setQ] = useState(query);
  const shown = specializations.filter((s) => matches(s.name, q));
  return (
    <>
      <form method="get" role="search" className="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="specialization-search">Search specializations</label>
        <input
          id="specialization-search"
          name="q"
          type="search"
          value={q}
          placeholder="e.g. Cardiologist"
          autoComplete="off"
          onChange={(e) => setQ(e.target.value)}
        />
      </form>
      <p className="visually-hidden" role="status">
        {shown.length} specializations shown
      </p>
      {shown.length === 0 ? (
        <p className="empty">No specialization matches “{q}”.</p>
      ) : (
        <ul className="spec-grid" role="list">
          {shown.map((s) => (
            <li key={s.name}>
              <a className="card spec-card" href={`/patient-dashboard/specialization/${encodeURIComponent(s.name)}`}>
                <span className="spec-name">{s.name}</span>
                <span className="spec-count">
                  {s.count} {s.count === 1 ? "doctor" : "doctors"}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
