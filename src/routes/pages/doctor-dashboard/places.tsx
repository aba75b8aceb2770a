/**
 * /doctor-dashboard/doctor-profile/places (issue 54): the doctor's places of practice, under the
 * profile. Each form posts without script (add to .../places, save to .../places/{id}, remove to
 * .../places/{id}/remove), runs the same use case as its JSON twin (src/actions/places.ts) and
 * comes back with a notice beside the form used, or the refusal in it.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { addPlace, deletePlace, editPlace, placesOf } from "../../../actions/places";
import type { Deps } from "../../../config/deps";
import { doneThen, handleForm, takeNotice, takeRefused, type FormState } from "../../../http/forms";
import { placeForm, placeIdParam } from "../../../http/schemas";
import { isPlaceTarget, NEW_PLACE, PLACES_NOTICE, PlacesSection, placeTarget } from "../../../components/PlacesSection";
import type { Key } from "../../../i18n/catalog";
import { tOf } from "../../../i18n/request";
import { pageAccount } from "../../../middleware/page-guard";
import { doctorPage } from "./shell";

export const PLACES_PATH = "/doctor-dashboard/doctor-profile/places";
const PROFILE = "/doctor-dashboard/doctor-profile";

async function render(c: Context, deps: Deps, form?: FormState): Promise<Response> {
  const doctor = pageAccount(c, "doctor");
  const t = tOf(c);
  const notice = form ? undefined : takeNotice(c);
  const places = await placesOf(deps, doctor.id);
  return doctorPage(
    c,
    t("places.title"),
    <section class="page-narrow">
      <p>
        <a href={PROFILE}>{t("places.back")}</a>
      </p>
      <PlacesSection base={PLACES_PATH} places={places} form={isPlaceTarget(form?.target) ? form : undefined} notice={notice} />
    </section>,
    PLACES_PATH,
  );
}

export const placesPage = (deps: Deps) => (c: Context) => render(c, deps, takeRefused(c));

/** One place form's post: the same use case as its JSON twin, then the page with a notice beside the form used. */
function placePost<S extends typeof placeForm | typeof placeIdParam>(deps: Deps, schema: S, target: (c: Context) => string, done: Key, run: (c: Context, input: z.output<S>) => Promise<unknown>, at = target) {
  return (c: Context) =>
    handleForm(c, {
      schema,
      extra: { id: c.req.param("id") },
      target: () => target(c),
      run: (input) => run(c, input as z.output<S>),
      again: (form) => render(c, deps, form),
      page: PLACES_PATH,
      then: () => doneThen(c, PLACES_PATH, { text: tOf(c)(done), tone: "success", at: at(c) }),
    });
}

const doctorOf = (c: Context) => pageAccount(c, "doctor").id;
const placeAt = (c: Context) => placeTarget(c.req.param("id") ?? "");

export const placeAddPost = (deps: Deps) => placePost(deps, placeForm, () => NEW_PLACE, "places.added", (c, input) => addPlace(deps, doctorOf(c), input));
export const placeEditPost = (deps: Deps) => placePost(deps, placeForm, placeAt, "places.updated", (c, input) => editPlace(deps, doctorOf(c), c.req.param("id") ?? "", input));
export const placeRemovePost = (deps: Deps) =>
  placePost(deps, placeIdParam, placeAt, "places.removed", (c, input) => deletePlace(deps, doctorOf(c), input.id), () => PLACES_NOTICE);
