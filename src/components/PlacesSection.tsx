/**
 * A doctor's places of practice (issue 54): each place's form (save, remove) and the form to add
 * one, plain forms posted without script to /doctor-dashboard/doctor-profile/places...
 * A refused post comes back in the form it came from (`form.target`), with what was typed.
 */
import { MAX_PLACES, PLACE_LIMITS, type Place } from "../domain/places";
import type { FormState, Notice } from "../http/forms";
import { useT } from "../render/lang";
import { NoticeLine } from "./NoticeLine";

/** The target of a refused post of the add form, or of one place's form. */
export const NEW_PLACE = "place-new";
export const placeTarget = (id: string) => `place:${id}`;
export const isPlaceTarget = (target: string | undefined) => target === NEW_PLACE || target?.startsWith("place:") === true;
/** The `at` of a notice with no place's card to show it in (a removal): the section's top. */
export const PLACES_NOTICE = "places";

type Field = "name" | "address" | "locality" | "city" | "pinCode" | "phone" | "mapUrl";
type Values = Partial<Record<Field, string>>;

function PlaceFields({ prefix, values }: { prefix: string; values: Values }) {
  const t = useT();
  const input = (field: Field, attrs: Record<string, unknown>) => (
    <div class="field">
      <label for={`${prefix}-${field}`}>{t(`places.${field}`)}</label>
      <input id={`${prefix}-${field}`} name={field} value={values[field] ?? ""} {...attrs} />
    </div>
  );
  return (
    <>
      {input("name", { required: true, maxlength: PLACE_LIMITS.name.max, autocomplete: "organization" })}
      {input("address", { required: true, maxlength: PLACE_LIMITS.address.max, autocomplete: "address-line1" })}
      {input("locality", { maxlength: PLACE_LIMITS.locality.max, autocomplete: "address-level3" })}
      {input("city", { required: true, maxlength: PLACE_LIMITS.city.max, autocomplete: "address-level2" })}
      {input("pinCode", { required: true, inputmode: "numeric", pattern: "[1-9][0-9]{5}", maxlength: 6, autocomplete: "postal-code" })}
      {input("phone", { type: "tel", maxlength: 24, autocomplete: "tel" })}
      {input("mapUrl", { type: "url", maxlength: PLACE_LIMITS.mapUrl.max, pattern: "https://.+" })}
    </>
  );
}

const valuesOf = (p: Place): Values => ({ name: p.name, address: p.address, locality: p.locality, city: p.city, pinCode: p.pinCode, phone: p.phone ?? "", mapUrl: p.mapUrl ?? "" });

/** `notice`: a form's result, shown beside the form used (its place's card, the add form, or the section's top). */
export function PlacesSection({ base, places, form, notice }: { base: string; places: Place[]; form?: FormState; notice?: Notice }) {
  const t = useT();
  const refusedIn = (target: string) => (form?.target === target ? form : undefined);
  const noticeIn = (target: string) => (notice?.at === target ? notice : undefined);
  const shownAt = (target: string) => target === NEW_PLACE || places.some((p) => placeTarget(p.id) === target);
  const adding = refusedIn(NEW_PLACE);
  // A refusal about a place this doctor does not keep (gone, or never theirs) has no form of its own: said above them all.
  const orphan = isPlaceTarget(form?.target) && form?.target !== NEW_PLACE && !places.some((p) => placeTarget(p.id) === form?.target) ? form : undefined;
  return (
    <section id="places" class="card places" aria-labelledby="places-title">
      <h1 id="places-title">{t("places.title")}</h1>
      <p class="small muted">{t("places.intro", { max: MAX_PLACES })}</p>
      <NoticeLine notice={orphan ? { text: orphan.message, tone: "error" } : notice && !shownAt(notice.at ?? "") ? notice : undefined} />
      {places.length === 0 && <p class="muted">{t("places.none")}</p>}
      {places.map((p) => {
        const refused = refusedIn(placeTarget(p.id));
        const action = `${base}/${encodeURIComponent(p.id)}`;
        return (
          <div class="place" aria-label={p.name}>
            <h3>{p.name}</h3>
            <NoticeLine notice={refused ? { text: refused.message, tone: "error" } : noticeIn(placeTarget(p.id))} />
            <form method="post" action={action}>
              <PlaceFields prefix={`place-${p.id}`} values={refused?.values ?? valuesOf(p)} />
              <div class="actions">
                <button type="submit">{t("places.save")}</button>
                <button type="submit" class="button-secondary" formAction={`${action}/remove`} formnovalidate>
                  {t("places.remove")}
                </button>
              </div>
            </form>
          </div>
        );
      })}
      {places.length < MAX_PLACES ? (
        <form method="post" action={base} class="place-add" aria-labelledby="place-add-title">
          <h3 id="place-add-title">{t("places.addTitle")}</h3>
          <NoticeLine notice={adding ? { text: adding.message, tone: "error" } : noticeIn(NEW_PLACE)} />
          <PlaceFields prefix="place-new" values={adding?.values ?? {}} />
          <div class="actions">
            <button type="submit">{t("places.add")}</button>
          </div>
        </form>
      ) : (
        <p class="muted">{t("places.full", { max: MAX_PLACES })}</p>
      )}
    </section>
  );
}
