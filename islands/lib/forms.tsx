/** @jsxImportSource react */
/**
 * A form that asks for one piece of text (a cancel reason, feedback) and works with or without
 * script. As HTML it posts its hidden fields and the text to the server, which carries it out.
 * Live, it sends through the API instead; with the text field left empty it asks by prompt, as
 * the spec's client does, and an empty or dismissed prompt sends nothing.
 */
import type { FormEvent } from "react";
import { Notice } from "./ui";

export type TextFormProps = {
  action: string;
  hidden: Record<string, string>;
  /** The text field: its name, its label, and whether it is a text area. */
  field: { name: string; label: string; multiline?: boolean; maxLength: number };
  /** Asked by prompt when the field is empty. */
  question: string;
  button: { label: string; className?: string; ariaLabel?: string };
  /** What a refused post typed, and the server's message for it. */
  value?: string;
  error?: string | null;
  /** Sends the text through the API (only once the island is live). */
  send: (text: string) => Promise<void>;
};

export function TextForm({ action, hidden, field, question, button, value, error, send }: TextFormProps) {
  const id = `${field.name}-${Object.values(hidden).join("-")}`;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem(field.name) as HTMLInputElement | HTMLTextAreaElement;
    const text = input.value.trim() || prompt(question)?.trim();
    if (!text) return;
    await send(text);
  }
  const Field = field.multiline ? "textarea" : "input";
  return (
    <form method="post" action={action} className="text-form" onSubmit={submit}>
      {Object.entries(hidden).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <div className="field">
        <label htmlFor={id}>{field.label}</label>
        <Field id={id} name={field.name} maxLength={field.maxLength} defaultValue={value} {...(field.multiline ? { rows: 3 } : {})} />
      </div>
      <Notice text={error ?? null} tone="error" />
      <button type="submit" className={button.className} aria-label={button.ariaLabel}>
        {button.label}
      </button>
    </form>
  );
}
