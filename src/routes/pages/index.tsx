/**
 * / : hero, a few real approved doctors (find-doctors; none when there are none), health tips
 * (health-tips) and sample testimonials (feedback). No island but the passive theme toggle, so
 * the page sends no JavaScript. The doctor cards are text and CSS initials.
 */
import type { Context } from "hono";
import { renderPage, themeOf } from "../../render/Document";
import { Shell } from "../../components/Shell";
import type { Deps } from "../../config/deps";
import { someApprovedDoctors } from "../../db/queries/accounts";

const HEALTH_TIPS = [
  { title: "Move every day", text: "Thirty minutes of brisk walking most days lowers blood pressure and lifts your mood." },
  { title: "Sleep on a schedule", text: "Going to bed and waking at the same times helps your body repair and your mind focus." },
  { title: "Drink water first", text: "Start the day with a glass of water, and keep a bottle close while you work." },
  { title: "Keep your check-ups", text: "Regular screenings find problems early, when they are easiest to treat." },
];

const TESTIMONIALS = [
  { quote: "I found a cardiologist and had a video consultation the same week. Simple and calm.", author: "Priya S., patient" },
  { quote: "Booking for my son took two minutes, and the meet link was waiting in my meetings.", author: "Daniel R., parent" },
  { quote: "Pending requests and scheduled meetings in one place: my clinic days are easier.", author: "Dr. L. Chen, General Physician" },
];

const initials = (name: string) =>
  name
    .replace(/^Dr\.\s*/, "")
    .split(" ")
    .map((w) => w[0])
    .join("");

/** How many real doctors the home page shows. */
const HOME_DOCTORS = 4;

export async function homePage(c: Context, deps: Deps) {
  const doctors = await someApprovedDoctors(deps.database.db, HOME_DOCTORS);
  return renderPage(
    c,
    { title: "Find a doctor and book an appointment", description: "Find doctors by specialization and request an appointment online." },
    <Shell area="public" path="/" theme={themeOf(c)}>
      <section class="hero" aria-labelledby="hero-title">
        <div class="page-wide">
          <h1 id="hero-title">Care from the right doctor, booked in minutes</h1>
          <p class="lead">
            Find doctors by specialization, tell them what is wrong, and meet them by video at a time they schedule for you.
          </p>
          <p class="hero-actions">
            <a class="button" href="/signupPatient">
              Get started
            </a>
            <a class="button button-secondary" href="/signupDoctor">
              Join as a doctor
            </a>
          </p>
        </div>
      </section>

      <section id="find-doctors" class="section page-wide" aria-labelledby="find-doctors-title">
        <h2 id="find-doctors-title">Find doctors</h2>
        <p>Sixteen specializations, from cardiology to general practice.{doctors.length > 0 ? " A few of the doctors you can meet:" : ""}</p>
        {doctors.length > 0 && (
          <ul class="card-grid" role="list">
            {doctors.map((d) => (
              <li class="card doctor-card">
                <span class="avatar" aria-hidden="true">
                  {initials(d.name)}
                </span>
                <h3>{d.name}</h3>
                <p class="muted">{d.specialization}</p>
                <p class="small">{d.collegeName}</p>
              </li>
            ))}
          </ul>
        )}
        <p>
          <a class="button" href="/loginPatient">
            Login/Signup to book
          </a>
        </p>
      </section>

      <section id="health-tips" class="section section-alt" aria-labelledby="health-tips-title">
        <div class="page-wide">
          <h2 id="health-tips-title">Health tips</h2>
          <ul class="card-grid" role="list">
            {HEALTH_TIPS.map((tip) => (
              <li class="card">
                <h3>{tip.title}</h3>
                <p>{tip.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="feedback" class="section page-wide" aria-labelledby="feedback-title">
        <h2 id="feedback-title">What people say</h2>
        <ul class="card-grid" role="list">
          {TESTIMONIALS.map((t) => (
            <li class="card">
              <figure>
                <blockquote>
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption class="muted">{t.author}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </Shell>,
  );
}
