/**
 * Issue 55: the profile pages' phone section (patient and doctor) and its three form posts, each
 * the JSON twin's use case (src/routes/api/phone.ts): {base}/phone sends a code by SMS,
 * {base}/phone/verify proves the number, {base}/phone/remove takes it away. Plain forms: they work
 * without script, and the page comes back (303) with a notice beside the section.
 */
import { Hono, type Context } from "hono";
import { messageLinkTarget, removePhone, requestPhoneCode, verifyPhone, type Phone } from "../../actions/phone";
import type { Deps } from "../../config/deps";
import { doneThen, handleForm, type FormState, type Notice } from "../../http/forms";
import { phoneCodeForm, phoneForm } from "../../http/schemas";
import { NoticeLine } from "../../components/NoticeLine";
import { cookieSession, signedInUser } from "../../middleware/session";
import { tOf } from "../../i18n/request";
import { z } from "zod";

/** The section's forms, as a refused post names them (FormState.target) and its notice's place. */
export const PHONE_FORM = "phone";
const isPhoneTarget = (target: string | undefined) => target === PHONE_FORM;
export { isPhoneTarget };

/** The section on a profile page at `base`: the number and its state, with the forms that fit. */
export function PhoneSection({ c, base, phone, on, form, notice }: { c: Context; base: string; phone: Phone | null; on: boolean; form?: FormState; notice?: Notice }) {
  const t = tOf(c);
  const refused = isPhoneTarget(form?.target) ? form : undefined;
  const said = refused ? { text: refused.message, tone: "error" as const } : notice?.at === PHONE_FORM ? notice : undefined;
  const numberForm = (label: "phone.send" | "phone.change") => (
    <>
      {label === "phone.change" && <h3>{t("phone.change")}</h3>}
    <form method="post" action={`${base}/phone`}>
      <div class="field">
        <label for="phone-number">{t("phone.number")}</label>
        <input id="phone-number" name="phone" type="tel" inputmode="tel" autocomplete="tel" maxlength={24} required value={refused?.values.phone ?? (phone && !phone.verified ? phone.number : "")} aria-describedby="phone-hint" />
        <p id="phone-hint" class="small muted">
          {t("phone.hint")}
        </p>
      </div>
      <button type="submit" class={label === "phone.send" ? undefined : "button-secondary"}>
        {t("phone.send")}
      </button>
    </form>
    </>
  );
  return (
    <section id="phone" class="card phone" aria-labelledby="phone-title">
      <h2 id="phone-title">{t("phone.title")}</h2>
      <p class="muted">{t("phone.intro")}</p>
      {!on && <p class="muted">{t("phone.off")}</p>}
      <NoticeLine notice={said} />
      {phone?.verified && <p data-phone-state="verified">{t("phone.verifiedAs", { number: phone.number })}</p>}
      {phone && !phone.verified && (
        <>
          <p data-phone-state="waiting">{t("phone.waiting", { number: phone.number })}</p>
          <form method="post" action={`${base}/phone/verify`}>
            <div class="field">
              <label for="phone-code">{t("phone.code")}</label>
              <input id="phone-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength={6} required />
            </div>
            <button type="submit">{t("phone.verify")}</button>
          </form>
        </>
      )}
      {on && numberForm(phone?.verified ? "phone.change" : "phone.send")}
      {phone && (
        <form method="post" action={`${base}/phone/remove`}>
          <button type="submit" class="button-secondary">
            {t("phone.remove")}
          </button>
        </form>
      )}
    </section>
  );
}

const nothing = z.object({});

/** The three posts of the section on the profile page at `base`. */
export function phonePosts(deps: Deps, base: string, again: (c: Context, form: FormState) => Promise<Response>) {
  const posts = new Hono();
  const owner = (c: Context) => {
    const user = signedInUser(c);
    return { role: user.role as "patient" | "doctor", id: user.account.id, language: user.account.language };
  };
  const back = (c: Context, key: "phone.sent" | "phone.verified" | "phone.removed") =>
    doneThen(c, `${base}#phone`, { text: tOf(c)(key), tone: "success", at: PHONE_FORM });
  posts.post(`${base}/phone`, (c) =>
    handleForm(c, {
      schema: phoneForm,
      target: () => PHONE_FORM,
      run: (input) => requestPhoneCode(deps, owner(c), input.phone),
      again: (form) => again(c, form),
      page: base,
      then: () => back(c, "phone.sent"),
    }),
  );
  posts.post(`${base}/phone/verify`, (c) =>
    handleForm(c, {
      schema: phoneCodeForm,
      target: () => PHONE_FORM,
      run: (input) => verifyPhone(deps, owner(c), input.code),
      again: (form) => again(c, form),
      page: base,
      then: () => back(c, "phone.verified"),
    }),
  );
  posts.post(`${base}/phone/remove`, (c) =>
    handleForm(c, {
      schema: nothing,
      target: () => PHONE_FORM,
      run: () => removePhone(deps, owner(c)),
      again: (form) => again(c, form),
      page: base,
      then: () => back(c, "phone.removed"),
    }),
  );
  return posts;
}

const MEETINGS = { patient: "/patient-dashboard/patient-meetings", doctor: "/doctor-dashboard/doctor-Meetings" } as const;

/**
 * GET /m/{code}: a text's short link (issue 55), 8 characters and the reader's side (p or d). Signed
 * in as that side, it opens the meetings page at that meeting when it is theirs (else the page
 * alone: a link tells nothing of another's meeting); not signed in, the sign-in page first (a
 * patient's comes back to this link, so lands on the appointment).
 */
export function messageLinkRoutes(deps: Deps) {
  const routes = new Hono();
  routes.get("/m/:code", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    const raw = c.req.param("code");
    if (!/^[A-Za-z0-9]{8}[pd]$/.test(raw)) return c.notFound();
    const role = raw.endsWith("p") ? "patient" : "doctor";
    const meetings = MEETINGS[role];
    const user = await cookieSession(c, deps);
    // A patient signs in and comes back here, so lands on that appointment (issue 55).
    if (user === undefined || user.role !== role) return c.redirect(role === "patient" ? `/loginPatient?next=${encodeURIComponent(`/m/${raw}`)}` : "/loginDoctor", 303);
    const target = await messageLinkTarget(deps, raw.slice(0, 8));
    const mine = target !== undefined && (role === "patient" ? target.patientId : target.doctorId) === user.account.id;
    return c.redirect(mine ? `${meetings}#meeting-${target.id}` : meetings, 303);
  });
  return routes;
}
