/** @jsxImportSource react */
/**
 * The feedback form's review choices (issue 41): a rating from 1 to 5 stars as radio buttons in a
 * fieldset (none chosen: no rating), and the tick box that publishes the words as a review under
 * the patient's first name and initial. Plain form fields: they post with the form without
 * script, and the live form reads them from the same form (ratingChoice).
 */
import { RATINGS } from "../../src/domain/review";

/** The fields' words, written by the server in the page's language (the island's share of the catalog stays small). */
export type RatingWords = {
  legend: string;
  none: string;
  /** "{n} out of 5", {n} where the stars go */
  stars: string;
  /** "Publish my review (shown as Pat P.)", the patient's name already in */
  publish: string;
  note: string;
};

export type RatingFieldsProps = {
  /** Makes the ids unique on a page of several meetings. */
  id: string;
  words: RatingWords;
  /** A refused post's choices, put back. */
  rating?: string;
  publish?: boolean;
};

export function RatingFields({ id, words, rating, publish }: RatingFieldsProps) {
  return (
    <>
      <fieldset className="field rating-choice">
        <legend>{words.legend}</legend>
        <label className="check">
          <input type="radio" name="rating" value="" defaultChecked={!rating} /> {words.none}
        </label>
        {RATINGS.map((n) => (
          <label key={n} className="check">
            <input type="radio" name="rating" value={String(n)} defaultChecked={rating === String(n)} /> {words.stars.replace("{n}", String(n))}
          </label>
        ))}
      </fieldset>
      <label className="check">
        <input type="checkbox" name="publish" value="on" defaultChecked={publish} aria-describedby={`publish-${id}-note`} /> {words.publish}
      </label>
      <p className="muted" id={`publish-${id}-note`}>
        {words.note}
      </p>
    </>
  );
}

/** What the live form sends of the choices: the rating as a number (absent when none) and publish. */
export function ratingChoice(form: HTMLFormElement): { rating?: number; publish: boolean } {
  const data = new FormData(form);
  const rating = data.get("rating");
  return { ...(typeof rating === "string" && rating !== "" ? { rating: Number(rating) } : {}), publish: data.get("publish") !== null };
}
