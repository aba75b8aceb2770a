/** @jsxImportSource react */
/**
 * The dark/light toggle. As plain HTML it is a form that asks the server to remember the theme
 * (a cookie) and come back; once hydrated it switches at once and keeps localStorage `theme`.
 */
import { useEffect, useState, type FormEvent } from "react";
import { applyTheme, shownTheme, type Theme } from "./lib/browser";

/** `system`: nothing chosen yet; the page follows the device (the form offers Dark until script knows better). */
export type Props = { theme: Theme | "system"; back: string };

export default function ThemeToggle({ theme, back }: Props) {
  const [current, setCurrent] = useState<Theme>(theme === "system" ? "light" : theme);
  useEffect(() => {
    if (theme === "system") setCurrent(shownTheme());
  }, []);
  const next: Theme = current === "dark" ? "light" : "dark";
  function toggle(event: FormEvent) {
    event.preventDefault();
    applyTheme(next);
    setCurrent(next);
  }
  return (
    <form method="post" action="/theme" className="theme-toggle" onSubmit={toggle}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="button-ghost" aria-label={`Switch to ${next} theme`}>
        <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: current === "dark" ? "&#9728;" : "&#9790;" }} />
        <span className="theme-word">{current === "dark" ? " Light" : " Dark"}</span>
      </button>
    </form>
  );
}
