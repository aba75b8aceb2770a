/**
 * One word for one state, on both sides (issue 39, item 6): for every state an appointment can
 * be in, the patient's page, the doctor's page and the mail about it use the state's one name
 * from src/i18n/<lang>/states.ts, in English and in Hindi. Pages as a browser without script
 * reads them (the islands' server render); mails as the outbox holds them.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inMinutes, startHarness, type Harness } from "../../../tests/support/harness";
import { translator, type Key } from "../../i18n/catalog";
import type { StoryState } from "../../domain/story";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true" });
});
afterAll(() => h.stop());

const DAY = 24 * 60 * 60 * 1000;
const page = async (path: string, token: string, lang: string) =>
  (await h.app.request(path, { headers: { cookie: `carebook_session=${token}; lang=${lang}` } })).text();
/** The card (a list item of the island's markup) that names `name`. */
function cardOf(html: string, name: string): string {
  const body = html.slice(html.indexOf("data-island="));
  const cards = body.split("<li").map((li) => li.split("</li>")[0]!).filter((li) => li.includes(name));
  expect({ name, cards: cards.length }).toEqual({ name, cards: 1 });
  return cards[0]!;
}
const badge = (card: string) => /<span class="badge badge-\w+">([^<]*)<\/span>/.exec(card)?.[1];
/** The last mail about the appointment (the one its latest change wrote; reminders and the request's own apart). */
const mailsOf = async (id: string) =>
  (await h.elsewhere("select subject, text from mail_outbox where appointment_id = ? and template not in ('requestReceived', 'newRequest', 'reminder', 'feedbackInvite') order by rowid desc limit 1", [id])).rows.map(
    (r) => `${r.subject}\n${r.text}`.toLowerCase(),
  );

for (const lang of ["en", "hi"] as const) {
  describe(`in ${lang}`, () => {
    const t = translator(lang);
    const word = (state: StoryState) => t(`state.${state}` as Key);

    test("each state has one word on the patient's page, the doctor's page and in the mail", async () => {
      const patient = await h.signupPatient(`Pia ${lang}`);
      await h.call("PUT", "/api/auth/language", { token: patient.token, json: { language: lang } });
      const names: Record<StoryState | "cancelledByPatient", string> = {
        requested: "Dr. Requested", scheduled: "Dr. Scheduled", moved: "Dr. Moved", declined: "Dr. Declined",
        withdrawn: "Dr. Withdrawn", cancelled: "Dr. Cancelled", cancelledByPatient: "Dr. Dropped", completed: "Dr. Completed",
        missed: "Dr. Missed",
      };
      const seen: { state: StoryState; patientSees: string | undefined; doctorSees: string | undefined; mails: boolean[] }[] = [];
      for (const [as, name] of Object.entries(names) as [StoryState | "cancelledByPatient", string][]) {
        const state: StoryState = as === "cancelledByPatient" ? "cancelled" : as;
        const doctor = await h.signupDoctor({ name: `${name} ${lang}` });
        await h.call("PUT", "/api/auth/language", { token: doctor.token, json: { language: lang } });
        const id = await h.book(patient.token, doctor.id, `Visit for ${state}`);
        const cancel = (token: string, reason: string) => h.call("POST", `/api/auth/${token === patient.token ? "patient" : "doctor"}-dashboard/cancelAppointment`, { token, json: { appointmentId: id, reason } });
        if (!["requested", "declined", "withdrawn"].includes(state)) await h.schedule(doctor.token, id, patient.id, inMinutes(60 * 24 * 3));
        if (state === "declined") await cancel(doctor.token, "Not my field");
        if (state === "withdrawn") await cancel(patient.token, "Feeling better");
        if (as === "cancelled") await cancel(doctor.token, "Away that week");
        if (as === "cancelledByPatient") await cancel(patient.token, "Cannot come");
        if (state === "moved")
          await h.call("POST", "/api/auth/doctor-dashboard/rescheduleAppointment", { token: doctor.token, json: { appointmentId: id, scheduledDateTime: inMinutes(60 * 24 * 4).toISOString(), reason: "Clinic closed" } });
        if (state === "missed") {
          await h.elsewhere("update appointments set scheduled_at = ?, ends_at = ? where id = ?", [Date.now() - 2 * DAY, Date.now() - 2 * DAY + 30 * 60_000, id]);
          expect((await h.call("POST", "/api/auth/doctor-dashboard/markAttendance", { token: doctor.token, json: { appointmentId: id, attended: false } })).status).toBe(200);
        }
        if (state === "completed") await h.elsewhere("update appointments set scheduled_at = ?, ends_at = ? where id = ?", [Date.now() - 2 * DAY, Date.now() - 2 * DAY + 30 * 60_000, id]);

        const patientCard = cardOf(await page("/patient-dashboard/patient-meetings", patient.token, lang), doctor.name);
        const doctorPath = state === "requested" ? "/doctor-dashboard" : "/doctor-dashboard/doctor-Meetings";
        const doctorCard = cardOf(await page(doctorPath, doctor.token, lang), patient.name);
        const mails = ["requested", "completed", "missed"].includes(state) ? [] : await mailsOf(id);
        seen.push({ state, patientSees: badge(patientCard), doctorSees: badge(doctorCard), mails: mails.map((m) => m.includes(word(state).toLowerCase())) });
      }
      expect(seen).toEqual(
        seen.map(({ state, mails }) => ({ state, patientSees: word(state), doctorSees: word(state), mails: mails.map(() => true) })),
      );
      // Every mail-bearing state did send its mail (a state with no mail would pass the line above unseen).
      expect(seen.filter((s) => s.mails.length > 0).map((s) => s.state)).toEqual(["scheduled", "moved", "declined", "withdrawn", "cancelled", "cancelled"]);
    }, 60_000);

    test("the visit's reason and the reason for ending it have different labels", () => {
      expect(t("reason.visit")).not.toBe(t("reason.ending"));
    });
  });
}
