/**
 * A doctor's card (issue 41): photo, name, specialization, the registration's state (issue 52:
 * a verified mark, or "Registration not yet checked" on the signed-in pages, which show every
 * approved doctor), languages, fee, rating, next free time with "Instant booking", a main link and
 * at most one more. The public directory and the patient's specialization pages show this same
 * card; only the links differ (Book and the public profile, or the booking page).
 */
import { raw } from "hono/html";
import { visitsOf, type DirectoryCard } from "../domain/directory";
import { languagesOf } from "../domain/doctor-details";
import { ratingOf } from "../domain/rating";
import type { Key, T } from "../i18n/catalog";
import { useT } from "../render/lang";
import { nextFreeLine } from "./NextFree";

/** "Fee: ₹400", or "Fee: free" for 0; nothing when the doctor has not said. */
export const feeText = (fee: number | null, t: T): string | undefined =>
  fee === null ? undefined : fee === 0 ? t("dir.free") : t("dir.fee", { fee: fee.toLocaleString("en-IN") });

/** "★ 4.6 (12 ratings)", or how many ratings there are below three. */
export function ratingText(d: { ratingCount: number; ratingTotal: number }, t: T): string {
  const { average, count } = ratingOf(d);
  return average === null ? t("dir.fewRatings", { count }) : t("dir.rating", { average: average.toFixed(1), count });
}

/** "Hindi, English" in the reader's language, or undefined when the doctor has not said. */
export function languagesText(stored: string | null, t: T): string | undefined {
  const codes = languagesOf(stored);
  return codes.length === 0 ? undefined : codes.map((code) => t(`lang.${code}` as Key)).join(", ");
}

/** The doctor's picture, or their initial. */
export function Avatar({ name, picture, large = false }: { name: string; picture: string | null; large?: boolean }) {
  const size = large ? "96" : "64";
  return picture ? (
    <img class={large ? "avatar avatar-large" : "avatar"} src={`/uploads/doctors/${picture}`} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span class={large ? "avatar avatar-large" : "avatar"} aria-hidden="true">
      {name.replace(/^Dr\.?\s*/, "").slice(0, 1)}
    </span>
  );
}

export type DoctorCardProps = {
  doctor: DirectoryCard;
  /** The reader's zone, which the next free time is shown in. */
  zone: string;
  /** Where the card leads and what the link says. */
  link: { href: string; label: string; ariaLabel: string };
  /** A second, plainer link beside the main one (the directory's profile link). */
  more?: { href: string; label: string; ariaLabel: string };
};

export function DoctorCard({ doctor: d, zone, link, more }: DoctorCardProps) {
  const t = useT();
  const fee = feeText(d.fee, t);
  const languages = languagesText(d.languages, t);
  const visits = visitsOf(d);
  return (
    <li class="card doctor-card">
      <Avatar name={d.name} picture={d.profileImage} />
      <h2>{d.name}</h2>
      <p class="muted">{t(`spec.${d.specialization}` as Key)}</p>
      {d.verified ? <p class="small verified">{t("dir.verified")}</p> : <p class="small muted">{t("dir.unchecked")}</p>}
      {languages && <p class="small">{t("dir.speaks", { languages })}</p>}
      {fee && <p class="small">{fee}</p>}
      {/* Issue 54: where the doctor sees patients. */}
      {visits.clinics.length > 0 && <p class="small">{t("dir.inClinic", { where: visits.clinics.join(" · ") })}</p>}
      {visits.video && <p class="small">{t("dir.byVideo")}</p>}
      <p class="small">{ratingText(d, t)}</p>
      {raw(nextFreeLine(d.next, zone, t))}
      <p class="actions">
        <a class="button" href={link.href} aria-label={link.ariaLabel}>
          {link.label}
        </a>
        {more && (
          <a href={more.href} aria-label={more.ariaLabel}>
            {more.label}
          </a>
        )}
      </p>
    </li>
  );
}
