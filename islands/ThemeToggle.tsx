/** @jsxImportSource react */
/**
 * The dark/light toggle. As plain HTML it is a form that asks the server to remember the theme
 * (a cookie) and come back; once hydrated it switches at once and keeps localStorage `theme`.
 * Until a theme is chosen the page follows the device (prefers-color-scheme): the form then holds
 * both buttons and the stylesheet shows the one that switches away from what the device shows,
 * so it offers the right choice without script.
 */
import { useState, type FormEvent } from "react";
import { applyTheme, type Theme } from "./lib/browser";
import { ICON } from "./lib/icons";
import { useT } from "./lib/i18n";

/** `system`: nothing chosen yet; the page follows the device. */
export type Props = { theme: Theme | "system"; back: string };

const SYMBOL = { light: { __html: ICON.sun }, dark: { __html: ICON.moon } };

function SwitchTo({ to }: { to: Theme }) {
  const t = useT();
  return (
    <button type="submit" name="theme" value={to} className={`button-ghost theme-to-${to}`} aria-label={t(to === "dark" ? "theme.toDark" : "theme.toLight")}>
      <span dangerouslySetInnerHTML={SYMBOL[to]} />
      <span className="theme-word"> {t(to === "dark" ? "theme.dark" : "theme.light")}</span>
    </button>
  );
}

export default function ThemeToggle({ theme, back }: Props) {
  const [current, setCurrent] = useState<Theme | "system">(theme);
  function toggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const next: Theme = submitter?.value === "light" ? "light" : "dark";
    applyTheme(next);
    setCurrent(next);
  }
  return (
    <form method="post" action="/theme" className="theme-toggle" onSubmit={toggle}>
      <input type="hidden" name="back" value={back} />
      {current !== "light" && <SwitchTo to="light" />}
      {current !== "dark" && <SwitchTo to="dark" />}
    </form>
  );
}
