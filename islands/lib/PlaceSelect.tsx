/** @jsxImportSource react */
/**
 * The place selector of the doctor's schedule and reschedule forms (issue 54): "As the hours of
 * the chosen time", "Video call" and each of the doctor's places, posted as `placeId` (empty: the
 * hours decide). Its words come from the server (PlaceChoice), so the islands' catalogs stay small.
 */
import type { PlaceChoice } from "../../src/domain/places";

export function PlaceSelect({ choice, id, value }: { choice: PlaceChoice; id: string; value?: string }) {
  return (
    <div className="field place-field">
      <label htmlFor={id}>{choice.label}</label>
      <select id={id} name="placeId" defaultValue={value ?? ""} aria-describedby={`${id}-hint`}>
        {choice.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="small muted">
        {choice.hint}
      </p>
    </div>
  );
}

/** The chosen place of a form (undefined: none chosen, the hours decide). */
export const chosenPlace = (form: HTMLFormElement): string | undefined => (form.elements.namedItem("placeId") as HTMLSelectElement | null)?.value || undefined;
