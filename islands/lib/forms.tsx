/** @jsxImportSource react */
/**
 * A form that asks for one piece of text (a cancel reason, feedback) and works with or without
 * script. As HTML it posts its hidden fields and the text to the server, which carries it out.
 * Live, it sends through the API instead, and says beside the field what went wrong: an empty
 * field, or the server's refusal (never a browser prompt or alert).
 *
 * `confirm`: what it does cannot be undone (cancel, withdraw): the form sits behind a first
 * button, a native <details>, so that one tap never does it, with or without script. The opener
 * is a plain button; the step says what will happen, its confirming button is the strong one,
 * and `keep` is the way out (issue 39): a link that shows the page again with the step closed,
 * or, live, closes it in place.
 */
import { useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { NOTICE_ID } from "../../src/domain/notice";
import { Notice } from "./ui";

export type TextFormProps = {
  action: string;
  hidden: Record<string, string>;
  /** The text field: its name, its label, and whether it is a text area. */
  field: { name: string; label: string; multiline?: boolean; maxLength: number; optional?: boolean };
  /** Shown beside the field when it is sent empty. */
  emptyMessage: string;
  button: { label: string; className?: string; ariaLabel?: string };
  /** The first step of an action that cannot be undone: the label of the button that opens the form. */
  confirm?: { label: string; ariaLabel?: string; note?: ReactNode; keep?: { label: string; href: string } };
  /** What a refused post typed, and the server's message for it. */
  value?: string;
  error?: string | null;
  /** Sends the text through the API (only once the island is live): the refusal's message, or null when done; `form` holds any `extra` fields. */
  send: (text: string, form: HTMLFormElement) => Promise<string | null>;
  /** What makes this form's element ids unique on its page when its hidden fields do not (the admin table's row). */
  scope?: string;
  /** More fields after the text (the feedback's rating and publish choice, issue 41), posted with it. */
  extra?: ReactNode;
};

export function TextForm({ action, hidden, field, emptyMessage, button, confirm, value, error, send, extra, scope }: TextFormProps) {
  const [message, setMessage] = useState<string | null>(error ?? null);
  const [busy, setBusy] = useState(false);
  const step = useRef<HTMLDetailsElement>(null);
  const id = [field.name, ...Object.values(hidden), ...(scope ? [scope] : [])].join("-");
  // The server's refusal of this form's post is the page's result (src/domain/notice.ts); an empty field's word is only the field's.
  const messageId = message !== null && message !== emptyMessage ? NOTICE_ID : `${id}-message`;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem(field.name) as HTMLInputElement | HTMLTextAreaElement;
    const text = input.value.trim();
    if (!text && !field.optional) {
      setMessage(emptyMessage);
      input.focus();
      return;
    }
    setBusy(true);
    const refused = await send(text, form);
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
          aria-describedby={message ? messageId : undefined}
          {...(field.multiline ? { rows: 3 } : {})}
        />
      </div>
      {extra}
      <Notice text={message} tone="error" id={messageId} />
      <div className="actions">
        <button type="submit" className={button.className} aria-label={button.ariaLabel} disabled={busy}>
          {button.label}
        </button>
        {confirm?.keep && (
          <a className="button button-secondary" href={confirm.keep.href} onClick={keep}>
            {confirm.keep.label}
          </a>
        )}
      </div>
    </form>
  );
  // Live, the way out closes the step where it is and gives the focus back to its opener.
  function keep(event: MouseEvent) {
    if (!step.current) return;
    event.preventDefault();
    step.current.open = false;
    step.current.querySelector("summary")?.focus();
  }
  if (!confirm) return form;
  return (
    <details className="confirm" open={error ? true : undefined} ref={step}>
      <summary className="button button-secondary" aria-label={confirm.ariaLabel}>
        {confirm.label}
      </summary>
      {confirm.note && <p className="confirm-ask">{confirm.note}</p>}
      {form}
    </details>
  );
}
