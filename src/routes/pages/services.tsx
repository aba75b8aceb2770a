/** /services : what the product offers. Static, no JavaScript. */
import type { Context } from "hono";
import { SPECIALIZATIONS } from "../../domain/fields";
import { staticPage } from "./public";

export const servicesPage = (c: Context) =>
  staticPage(
    c,
    "Our services",
    "Online consultations across sixteen specializations.",
    <>
      <ul>
        <li>Find doctors by specialization and send an appointment request with your reason.</li>
        <li>Video consultations: the doctor schedules a time and a private meeting link.</li>
        <li>Your meetings in one place: cancel a confirmed one, or leave feedback once it is done.</li>
        <li>For doctors: review requests, schedule or decline them, and read patient feedback.</li>
      </ul>
      <h2>Specializations</h2>
      <ul class="columns">
        {SPECIALIZATIONS.map((s) => (
          <li>{s}</li>
        ))}
      </ul>
    </>,
  );
