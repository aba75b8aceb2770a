/** @jsxImportSource react */
/**
 * The notice after a doctor's schedule, cancel or reschedule, with its Undo (issue 39): a real
 * form (POST /doctor-dashboard/undo) that works without script; live, it calls the API's twin
 * and hides itself once the window has closed. The patient is mailed only after that.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Notice as NoticeJson } from "../../src/http/forms";
import { NOTICE_ID } from "../../src/domain/notice";
import { api } from "./api";
import { useT } from "./i18n";

export function UndoNotice({ notice, onUndone }: { notice: NoticeJson | null; onUndone: (text: string) => void }) {
  const t = useT();
  const undo = notice?.undo;
  const [open, setOpen] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setOpen(true);
    setError(null);
    if (notice) box.current?.focus();
    if (undo === undefined) return;
    const timer = setTimeout(() => setOpen(false), Math.max(0, Date.parse(undo.until) - Date.now()));
    return () => clearTimeout(timer);
  }, [notice, undo]);
  if (!notice) return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = await api("/doctor-dashboard/undo", { json: { appointmentId: undo!.appointmentId } });
    // Too late or nothing to undo: the one thing to say (the share of the catalog stays small).
    if (!answer.ok) return setError(t("undo.failed"));
    onUndone(t("undo.done"));
  }

  return (
    <div ref={box} id={NOTICE_ID} tabIndex={-1} className={`notice notice-${notice.tone} undo-notice`} role={notice.tone === "error" ? "alert" : "status"}>
      <p>{notice.text}</p>
      {undo !== undefined && open && (
        <form method="post" action="/doctor-dashboard/undo" onSubmit={(e) => void submit(e)}>
          <input type="hidden" name="appointmentId" value={undo.appointmentId} />
          <input type="hidden" name="back" value={undo.back} />
          <button type="submit" className="button-secondary">
            {t("undo.button")}
          </button>{" "}
          <span className="small">{t("undo.note")}</span>
        </form>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
