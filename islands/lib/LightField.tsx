/** @jsxImportSource react */
import { useEffect, useRef, useState } from "react";
import { useT } from "./i18n";

/**
 * A date or time field as light markup (issue 29): Chromium builds a date or time field's parts
 * when the element is parsed, even in a closed `<details>`: on the doctor's dashboard (a pair per
 * request) that was the page's whole extra paint cost, and the meetings page has a pair per
 * confirmed meeting (its reschedule form, lib/MeetingChanges.tsx). So it is sent as a text field in the same format (the server reads either), with no
 * `type` and `data-type` naming the real one: the page's loader gives it that type once the page
 * has painted (src/render/client-assets.ts), a page sent without script (Save-Data) has it from
 * the start (src/render/Document.tsx). React sets an input's type whenever it renders one (and
 * removes it when there is none), so the island takes over whatever type the field has when it
 * hydrates, and gives the real one only to a field that is empty and not being typed in: a type
 * change would drop a half-typed value. Such a field stays a text field, which posts the same.
 */
export function LightField({ type, id, name, defaultValue, min, described = {} }: {
  type: "date" | "time";
  id: string;
  name: string;
  defaultValue?: string;
  min?: string;
  described?: { "aria-invalid"?: boolean; "aria-describedby"?: string };
}) {
  const field = useRef<HTMLInputElement>(null);
  const t = useT();
  const [shown, setShown] = useState<"date" | "time" | undefined>(undefined);
  useEffect(() => {
    const input = field.current;
    if (input === null) return;
    if (input.type === type || (input.value === "" && document.activeElement !== input)) setShown(type);
  }, [type]);
  const light = shown === undefined;
  return (
    <input
      ref={field}
      id={id}
      name={name}
      type={shown}
      data-type={light ? type : undefined}
      inputMode={light ? "numeric" : undefined}
      placeholder={light ? t(type === "date" ? "lightField.date" : "lightField.time") : undefined}
      pattern={light ? (type === "date" ? "\\d{4}-\\d{2}-\\d{2}" : "\\d{2}:\\d{2}") : undefined}
      defaultValue={defaultValue}
      min={min}
      {...described}
    />
  );
}
