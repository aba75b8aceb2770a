/** @jsxImportSource react */
/**
 * A form that asks for one piece of text (a cancel reason, feedback) and works with or without
 * script. As HTML it posts its hidden fields and the text to the server, which carries it out.
 * Live, it sends through the API instead, and says beside the field what went wrong: an empty
 * field, or the server's refusal (never a browser prompt or alert).
 *
 * `confirm`: what it does cannot be undone (cancel, withdraw): the form sits behind a first
 * button, a native <details>, so that one tap never does it, with or without script.
 */
import { useState, type FormEvent, type ReactNode } from "react";
import { Notice } from "./ui";

export type TextFormProps = {
  action: string;
  hidden: Record<string, string>;
  /** The text field: its name, its label, and whether it is a text area. */
  field: { name: string; label: string; multiline?: boolean; maxLength: number };
  /** Shown beside the field when it is sent empty. */
  emptyMessage: string;
  button: { label: string; className?: string; ariaLabel?: string };
  /** The first step of an action that cannot be undone: the label of the button that opens the form. */
  confirm?: { label: string; ariaLabel?: string; note?: ReactNode };
  /** What a refused post typed, and the server's message for it. */
  value?: string;
  error?: string | null;
  /** Sends the text through the API (only once the island is live): the refusal's message, or null when done. */
  send: (text: string) => Promise<string | null>;
};

export function TextForm({ action, hidden, field, emptyMessage, button, confirm, value, error, send }: TextFormProps) {
  const [message, setMessage] = useState<string | null>(error ?? null);
  const [busy, setBusy] = useState(false);
  const id = `${field.name}-${Object.values(hidden).join("-")}`;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem(field.name) as HTMLInputElement | HTMLTextAreaElement;
    const text = input.value.trim();
    if (!text) {
      setMessage(emptyMessage);
      input.focus();
      return;
    }
    setBusy(true);
    const refused = await send(text);
    setBusy(false);
    setMessage(refused);
  }
  const Field = field.multiline ? "textarea" : "input";
  const form = (
    <form method="post" action={action} className="text-form" onSubmit={submit}>
      {Object.entries(hidden).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <div className="field">
        <label htmlFor={id}>{field.label}</label>
        <Field
          id={id}
          name={field.name}
          maxLength={field.maxLength}
          defaultValue={value}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          {...(field.multiline ? { rows: 3 } : {})}
        />
      </div>
      {message && (
        <p id={`${id}-message`} className="notice notice-error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className={button.className} aria-label={button.ariaLabel} disabled={busy}>
        {button.label}
      </button>
    </form>
  );
  if (!confirm) return form;
  return (
    <details className="confirm" open={error ? true : undefined}>
      <summary className="button button-danger" aria-label={confirm.ariaLabel}>
        {confirm.label}
      </summary>
      {confirm.note && <p className="small">{confirm.note}</p>}
      {form}
    </details>
  );
}
