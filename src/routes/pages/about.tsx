/** /about : who we are. Static, no JavaScript. */
import type { Context } from "hono";
import { staticPage } from "./public";

export const aboutPage = (c: Context) =>
  staticPage(
    c,
    "About Carebook",
    "Who we are and why we built Carebook.",
    <>
      <p>
        Carebook connects patients with qualified doctors. Every doctor is reviewed by our team before they can see
        patients, and every appointment is confirmed by the doctor with a time and a private video link.
      </p>
      <p>
        We build for people on slow connections and small phones: pages are light, work before any script arrives, and
        keep what you type.
      </p>
    </>,
  );
