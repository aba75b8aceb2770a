/**
 * Issue 54 through the API: a doctor's places of practice (every field's bounds, each bad field a
 * 400 naming it, at most 5, edit and remove, removal refused while a confirmed appointment there
 * is not over, saying how many), another doctor's place 404 in every call, the role checks.
 * Planned from the next Monday (UTC), the app's clock at 08:00 that day.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Doctor, type Harness } from "../../../tests/support/harness";

const DOCTOR = "/api/auth/doctor-dashboard";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30" });
  h.deps.now = () => at(8);
});
afterAll(() => h.stop());

const clinic = { name: "Sunrise Clinic", address: "12 Karve Road, near the bus stand", locality: "Kothrud", city: "Pune", pinCode: "411038" };
const add = (d: Doctor, json: Record<string, unknown>) => h.call("POST", `${DOCTOR}/places`, { token: d.token, json });
const placeOf = async (d: Doctor, json: Record<string, unknown> = clinic) => {
  const res = await add(d, json);
  expect(res.status).toBe(201);
  return res.body.place._id as string;
};
const list = async (d: Doctor) => (await h.call("GET", `${DOCTOR}/places`, { token: d.token })).body.places as { _id: string; name: string; [field: string]: unknown }[];

describe("places of practice", () => {
  test("none at first; added (201, phone and map link optional, null when not given), listed in order, edited, removed", async () => {
    const d = await h.signupDoctor();
    expect((await h.call("GET", `${DOCTOR}/places`, { token: d.token })).body).toEqual({ places: [] });
    const first = await add(d, clinic);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: "Place added", place: { _id: expect.any(String), ...clinic, phone: null, mapUrl: null } });
    const second = await add(d, { ...clinic, name: "Riverside Clinic", locality: undefined, city: "Mumbai", pinCode: "400001", phone: "98220 12345", mapUrl: "https://maps.example.com/?q=1" });
    expect(second.body.place).toMatchObject({ locality: "", phone: "+919822012345", mapUrl: "https://maps.example.com/?q=1" });
    expect((await list(d)).map((p) => p.name)).toEqual(["Sunrise Clinic", "Riverside Clinic"]);
    const id = first.body.place._id as string;
    const edited = await h.call("PUT", `${DOCTOR}/places/${id}`, { token: d.token, json: { ...clinic, name: "Sunrise Clinic (first floor)", phone: "+442079460000" } });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ message: "Place updated", place: { _id: id, ...clinic, name: "Sunrise Clinic (first floor)", phone: "+442079460000", mapUrl: null } });
    expect((await h.call("DELETE", `${DOCTOR}/places/${id}`, { token: d.token })).body).toEqual({ message: "Place removed" });
    expect((await list(d)).map((p) => p.name)).toEqual(["Riverside Clinic"]);
    // Removed: not found again.
    expect((await h.call("DELETE", `${DOCTOR}/places/${id}`, { token: d.token })).status).toBe(404);
    expect((await h.call("PUT", `${DOCTOR}/places/${id}`, { token: d.token, json: clinic })).status).toBe(404);
  });

  test("every field's bounds: each bad field is a 400 that names it, and nothing is kept", async () => {
    const d = await h.signupDoctor();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "name"],
      [{ name: "x".repeat(81) }, "name"],
      [{ name: undefined }, "name"],
      [{ address: "" }, "address"],
      [{ address: "x".repeat(201) }, "address"],
      [{ locality: "x".repeat(61) }, "locality"],
      [{ city: "" }, "city"],
      [{ city: "x".repeat(61) }, "city"],
      [{ pinCode: "011038" }, "pinCode"],
      [{ pinCode: "41103" }, "pinCode"],
      [{ pinCode: "4110388" }, "pinCode"],
      [{ pinCode: undefined }, "pinCode"],
      [{ phone: "12345" }, "phone"],
      [{ phone: "+0123456789" }, "phone"],
      [{ phone: "call me" }, "phone"],
      [{ mapUrl: "http://maps.example.com/" }, "mapUrl"],
      [{ mapUrl: "javascript:alert(1)" }, "mapUrl"],
      [{ mapUrl: `https://maps.example.com/${"x".repeat(500)}` }, "mapUrl"],
      [{ name: "Clinic\u0007" }, "name"],
    ];
    for (const [change, field] of cases) {
      const res = await add(d, { ...clinic, ...change });
      expect([res.status, res.body.message.includes(field)]).toEqual([400, true]);
    }
    expect(await list(d)).toEqual([]);
    // The edges are taken.
    const edges = { name: "x".repeat(80), address: "y".repeat(200), locality: "z".repeat(60), city: "c".repeat(60), pinCode: "999999", phone: "09822012345" };
    expect((await add(d, edges)).body.place).toMatchObject({ ...edges, phone: "+919822012345" });
  });

  test("at most 5: a sixth is 409, and one removed makes room", async () => {
    const d = await h.signupDoctor();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push(await placeOf(d, { ...clinic, name: `Clinic ${i}` }));
    const sixth = await add(d, { ...clinic, name: "Clinic 6" });
    expect([sixth.status, sixth.body.message]).toEqual([409, "You can keep at most 5 places"]);
    expect(await list(d)).toHaveLength(5);
    await h.call("DELETE", `${DOCTOR}/places/${ids[0]}`, { token: d.token });
    expect((await add(d, { ...clinic, name: "Clinic 6" })).status).toBe(201);
  });

  test("another doctor's place is 404 in every call and stays as it was", async () => {
    const owner = await h.signupDoctor();
    const other = await h.signupDoctor();
    const id = await placeOf(owner);
    expect(await list(other)).toEqual([]);
    const put = await h.call("PUT", `${DOCTOR}/places/${id}`, { token: other.token, json: { ...clinic, name: "Taken" } });
    expect([put.status, put.body.message]).toEqual([404, "Place not found"]);
    expect((await h.call("DELETE", `${DOCTOR}/places/${id}`, { token: other.token })).status).toBe(404);
    expect((await h.call("DELETE", `${DOCTOR}/places/no-such-place`, { token: owner.token })).status).toBe(404);
    expect(await list(owner)).toEqual([{ _id: id, ...clinic, phone: null, mapUrl: null }]);
  });

  test("only an approved doctor: a patient 403, no token 401, a doctor waiting for approval 403", async () => {
    const patient = await h.signupPatient();
    const pending = await h.signupDoctor({ approve: false });
    expect((await h.call("GET", `${DOCTOR}/places`, { token: patient.token })).status).toBe(403);
    expect((await h.call("POST", `${DOCTOR}/places`, { json: clinic })).status).toBe(401);
    expect((await h.call("GET", `${DOCTOR}/places`, { token: pending.token })).status).toBe(403);
  });

  test("a place with confirmed appointments not yet over is not removed (409 says how many); once they are over or cancelled, it is", async () => {
    const d = await h.signupDoctor();
    const id = await placeOf(d);
    const confirmedAt = async (hours: number) => {
      const p = await h.signupPatient();
      const appointmentId = await h.book(p.token, d.id);
      expect((await h.schedule(d.token, appointmentId, p.id, at(hours))).status).toBe(200);
      await h.elsewhere("update appointments set visit_type = 'clinic', place_id = ?, meet_link = null where id = ?", [id, appointmentId]);
      return { p, appointmentId };
    };
    const first = await confirmedAt(26);
    await confirmedAt(27);
    const refused = await h.call("DELETE", `${DOCTOR}/places/${id}`, { token: d.token });
    expect([refused.status, refused.body.message]).toEqual([409, "This place has 2 upcoming confirmed appointments: move or cancel them first"]);
    await h.call("POST", `${DOCTOR}/cancelAppointment`, { token: d.token, json: { appointmentId: first.appointmentId, reason: "Away that day" } });
    const once = await h.call("DELETE", `${DOCTOR}/places/${id}`, { token: d.token });
    expect([once.status, once.body.message]).toEqual([409, "This place has 1 upcoming confirmed appointment: move or cancel it first"]);
    // Past its end, the last one no longer holds the place.
    h.deps.now = () => at(28);
    try {
      expect((await h.call("DELETE", `${DOCTOR}/places/${id}`, { token: d.token })).status).toBe(200);
    } finally {
      h.deps.now = () => at(8);
    }
    expect(await list(d)).toEqual([]);
  });
});

describe("hours at a place, and the visit of every free slot", () => {
  const PATIENT = "/api/auth/patient-dashboard";
  const setHours = (d: Doctor, weekly: Record<string, unknown>[]) =>
    h.call("PUT", `${DOCTOR}/availability`, { token: d.token, json: { timeZone: "UTC", weekly, daysOff: [] } });
  const mondaySlots = async (doctorId: string) => {
    const p = await h.signupPatient();
    const res = await h.call("GET", `${PATIENT}/doctors/${doctorId}/slots?days=1`, { token: p.token });
    expect(res.status).toBe(200);
    return res.body.slots as { start: string; end: string; visit: string; place?: Record<string, string> }[];
  };

  test("a range names its place; the hours' JSON carries it, and each free slot says video or clinic with the place", async () => {
    const d = await h.signupDoctor();
    const placeId = await placeOf(d);
    const saved = await setHours(d, [
      { day: 1, start: "09:00", end: "11:00", placeId },
      { day: 1, start: "14:00", end: "15:00" },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.availability.weekly).toEqual([
      { day: 1, start: "09:00", end: "11:00", placeId },
      { day: 1, start: "14:00", end: "15:00" },
    ]);
    expect((await h.call("GET", `${DOCTOR}/availability`, { token: d.token })).body.availability.weekly[0].placeId).toBe(placeId);
    // The clock is Monday 08:00 UTC with two hours' notice: the first free time is 10:00.
    const place = { _id: placeId, name: "Sunrise Clinic", locality: "Kothrud", city: "Pune" };
    expect(await mondaySlots(d.id)).toEqual([
      { start: at(10).toISOString(), end: at(10.5).toISOString(), visit: "clinic", place },
      { start: at(10.5).toISOString(), end: at(11).toISOString(), visit: "clinic", place },
      { start: at(14).toISOString(), end: at(14.5).toISOString(), visit: "video" },
      { start: at(14.5).toISOString(), end: at(15).toISOString(), visit: "video" },
    ]);
  });

  test("hours kept without a place stay video", async () => {
    const d = await h.signupDoctor();
    expect((await setHours(d, [{ day: 1, start: "10:00", end: "11:00" }])).status).toBe(200);
    expect((await mondaySlots(d.id)).map((s) => s.visit)).toEqual(["video", "video"]);
  });

  test("another doctor's place, an unknown one or a removed one in a range: 400 naming the range, and the hours stay as they were", async () => {
    const d = await h.signupDoctor();
    const other = await h.signupDoctor();
    const theirs = await placeOf(other);
    const removed = await placeOf(d, { ...clinic, name: "Old clinic" });
    await h.call("DELETE", `${DOCTOR}/places/${removed}`, { token: d.token });
    for (const placeId of [theirs, "no-such-place", removed]) {
      const res = await setHours(d, [{ day: 1, start: "09:00", end: "10:00" }, { day: 2, start: "09:00", end: "10:00", placeId }]);
      expect([res.status, res.body.message]).toEqual([400, "weekly[1].placeId is not one of your places"]);
    }
    const empty = await setHours(d, [{ day: 1, start: "09:00", end: "10:00", placeId: "" }]);
    expect([empty.status, empty.body.message]).toEqual([400, "weekly.0.placeId: placeId must be the id of one of your places"]);
    expect((await h.call("GET", `${DOCTOR}/availability`, { token: d.token })).body.availability).toBeNull();
  });

  test("two ranges that overlap in time are refused wherever they are: a place and video, two places", async () => {
    const d = await h.signupDoctor();
    const a = await placeOf(d);
    const b = await placeOf(d, { ...clinic, name: "Riverside Clinic" });
    const clinicAndVideo = await setHours(d, [{ day: 1, start: "09:00", end: "11:00", placeId: a }, { day: 1, start: "10:30", end: "12:00" }]);
    expect([clinicAndVideo.status, clinicAndVideo.body.message]).toEqual([400, "weekly[1] overlaps another range on Monday"]);
    const twoPlaces = await setHours(d, [{ day: 1, start: "09:00", end: "11:00", placeId: a }, { day: 1, start: "10:00", end: "12:00", placeId: b }]);
    expect([twoPlaces.status, twoPlaces.body.message]).toEqual([400, "weekly[1] overlaps another range on Monday"]);
    // Back to back is not an overlap.
    expect((await setHours(d, [{ day: 1, start: "09:00", end: "11:00", placeId: a }, { day: 1, start: "11:00", end: "12:00", placeId: b }])).status).toBe(200);
  });

  test("removing a place takes its ranges with it: no more clinic slots there", async () => {
    const d = await h.signupDoctor();
    const placeId = await placeOf(d);
    await setHours(d, [{ day: 1, start: "10:00", end: "11:00", placeId }, { day: 1, start: "14:00", end: "15:00" }]);
    expect((await h.call("DELETE", `${DOCTOR}/places/${placeId}`, { token: d.token })).status).toBe(200);
    expect((await h.call("GET", `${DOCTOR}/availability`, { token: d.token })).body.availability.weekly).toEqual([{ day: 1, start: "14:00", end: "15:00" }]);
    expect((await mondaySlots(d.id)).map((s) => s.visit)).toEqual(["video", "video"]);
  });
});

describe("booking a clinic visit", () => {
  const PATIENT = "/api/auth/patient-dashboard";
  const place = { ...clinic, phone: null, mapUrl: null };
  /** A doctor with a clinic and Monday hours: 09:00-11:00 there, 14:00-15:00 by video (UTC). */
  const clinicDoctor = async (instantBooking: boolean) => {
    const d = await h.signupDoctor();
    const placeId = await placeOf(d);
    const weekly = [{ day: 1, start: "09:00", end: "11:00", placeId }, { day: 1, start: "14:00", end: "15:00" }];
    expect((await h.call("PUT", `${DOCTOR}/availability`, { token: d.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking } })).status).toBe(200);
    return { d, placeId };
  };
  const book = (token: string, json: Record<string, unknown>) => h.call("POST", `${PATIENT}/bookAppointment`, { token, json: { reason: "A sore knee for a week", ...json } });

  test("an instant booking of a clinic slot: confirmed at the clinic with its full address, no meet link; a video slot keeps its link", async () => {
    const { d, placeId } = await clinicDoctor(true);
    const p = await h.signupPatient();
    const res = await book(p.token, { doctorId: d.id, slotStart: at(10).toISOString() });
    expect(res.status).toBe(201);
    expect(res.body.appointment).toMatchObject({ status: "confirmed", meetLink: null, visit: { type: "clinic", place: { _id: placeId, ...place } } });
    const video = await book((await h.signupPatient()).token, { doctorId: d.id, slotStart: at(14).toISOString() });
    expect(video.body.appointment.visit).toEqual({ type: "video" });
    expect(video.body.appointment.meetLink).toStartWith("https://");
    // Every list of both sides says where.
    const own = (await h.call("GET", `${PATIENT}/patient-meetings`, { token: p.token })).body.appointments;
    expect(own[0]).toMatchObject({ meetLink: null, visit: { type: "clinic", place: { _id: placeId, ...place } } });
    const doctors = (await h.call("GET", `${DOCTOR}/doctor-meetings`, { token: d.token })).body.appointments as { visit: { type: string } }[];
    expect(doctors.map((a) => a.visit.type)).toEqual(["clinic", "video"]);
  });

  test("a request whose preferred time is a clinic slot is a clinic request; the doctor's schedule there confirms it at the clinic", async () => {
    const { d, placeId } = await clinicDoctor(false);
    const p = await h.signupPatient();
    const res = await book(p.token, { doctorId: d.id, preferredTimes: [at(10).toISOString()] });
    expect(res.body.appointment.visit).toEqual({ type: "clinic", place: { _id: placeId, ...place } });
    const pending = (await h.call("GET", `${DOCTOR}/appointments`, { token: d.token })).body.appointments;
    expect(pending[0].visit).toEqual({ type: "clinic", place: { _id: placeId, ...place } });
    const scheduled = await h.schedule(d.token, res.body.appointment._id, p.id, at(10));
    expect([scheduled.status, scheduled.body.meetLink]).toEqual([200, null]);
  });

  test("a request without times says visitType (video unless said); the doctor names the place when scheduling, or the time's range decides", async () => {
    const { d, placeId } = await clinicDoctor(false);
    const p = await h.signupPatient();
    const plain = await book(p.token, { doctorId: d.id });
    expect(plain.body.appointment.visit).toEqual({ type: "video" });
    const q = await h.signupPatient();
    const asked = await book(q.token, { doctorId: d.id, visitType: "clinic" });
    expect(asked.body.appointment.visit).toEqual({ type: "clinic", place: null });
    expect((await book((await h.signupPatient()).token, { doctorId: d.id, visitType: "home" })).status).toBe(400);
    // Outside every range, a clinic request needs the place named.
    const outside = await h.schedule(d.token, asked.body.appointment._id, q.id, at(30));
    expect([outside.status, outside.body.message]).toEqual([400, "placeId is required: this request is for an appointment at a clinic, so choose one of your places"]);
    // Another doctor's place is 400.
    const other = await h.signupDoctor();
    const theirs = await placeOf(other);
    const scheduleAt = (appointmentId: string, patientId: string, when: Date, placeId?: string) =>
      h.call("POST", `${DOCTOR}/scheduleAppointments`, { token: d.token, json: { appointmentId, patientId, scheduledDateTime: when.toISOString(), placeId } });
    const foreign = await scheduleAt(asked.body.appointment._id, q.id, at(30), theirs);
    expect([foreign.status, foreign.body.message]).toEqual([400, "placeId is not one of your places"]);
    const named = await scheduleAt(asked.body.appointment._id, q.id, at(30), placeId);
    expect([named.status, named.body.meetLink]).toEqual([200, null]);
    // A video request at a time in the clinic's range takes the range's place.
    const ranged = await scheduleAt(plain.body.appointment._id, p.id, at(9));
    expect([ranged.status, ranged.body.meetLink]).toEqual([200, null]);
    const meetings = (await h.call("GET", `${PATIENT}/patient-meetings`, { token: p.token })).body.appointments;
    expect(meetings[0].visit).toEqual({ type: "clinic", place: { _id: placeId, ...place } });
  });

  test("the original client's calls still work: a plain request scheduled outside the hours is a video call with its link", async () => {
    const { d } = await clinicDoctor(false);
    const p = await h.signupPatient();
    const id = await h.book(p.token, d.id);
    const res = await h.schedule(d.token, id, p.id, at(30));
    expect(res.status).toBe(200);
    expect(res.body.meetLink).toStartWith("https://");
  });
});

describe("find a doctor near you", () => {
  const API = "/api/auth/directory/doctors";
  const search = async (query: string) => {
    const res = await h.call("GET", `${API}?${query}`);
    expect(res.status).toBe(200);
    return (res.body.doctors as { name: string }[]).map((d) => d.name).filter((n) => n.startsWith("Dr. Near"));
  };

  test("city (any case, the whole name), pinCode, visit=clinic|video and a locality or city word in q find doctors by their places", async () => {
    const { publicDoctor } = await import("../../../tests/support/public-doctors");
    const pune = await publicDoctor(h, "Dr. Near Pune", { hours: ["14:00", "15:00"] });
    const punePlace = await placeOf(pune as Doctor);
    await h.call("PUT", `${DOCTOR}/availability`, {
      token: pune.token, json: { timeZone: "UTC", weekly: [{ day: 1, start: "09:00", end: "11:00", placeId: punePlace }], daysOff: [] },
    });
    const mumbai = await publicDoctor(h, "Dr. Near Mumbai", { hours: ["14:00", "15:00"] });
    await placeOf(mumbai as Doctor, { ...clinic, name: "Bay Clinic", locality: "Colaba", city: "Mumbai", pinCode: "400005" });
    const online = await publicDoctor(h, "Dr. Near Online", { hours: ["14:00", "15:00"] });
    expect(online.id).toBeDefined();

    expect(await search("city=pune")).toEqual(["Dr. Near Pune"]);
    expect(await search("city=PUNE")).toEqual(["Dr. Near Pune"]);
    expect(await search("city=Pun")).toEqual([]);
    expect(await search("pinCode=400005")).toEqual(["Dr. Near Mumbai"]);
    // Clinic: hours at a place (Mumbai's doctor keeps a place but sees patients only by video).
    expect(await search("visit=clinic")).toEqual(["Dr. Near Pune"]);
    expect((await search("visit=video")).sort()).toEqual(["Dr. Near Mumbai", "Dr. Near Online"]);
    expect(await search("q=kothrud")).toEqual(["Dr. Near Pune"]);
    expect(await search("q=colaba")).toEqual(["Dr. Near Mumbai"]);
    const bad = await h.call("GET", `${API}?pinCode=12`);
    expect([bad.status, bad.body.message]).toEqual([400, "pinCode must be 6 digits, the first not 0"]);
    expect((await h.call("GET", `${API}?visit=home`)).status).toBe(400);
  });

  test("each card carries the doctor's places (name, locality, city); the public profile lists them with the address, map link and the days open", async () => {
    const { publicDoctor } = await import("../../../tests/support/public-doctors");
    const doc = await publicDoctor(h, "Dr. Near Places", { hours: ["14:00", "15:00"] });
    const first = await placeOf(doc as Doctor, { ...clinic, mapUrl: "https://maps.example.com/?q=1" });
    const second = await placeOf(doc as Doctor, { ...clinic, name: "Riverside Clinic", locality: "", city: "Mumbai", pinCode: "400001" });
    const weekly = [{ day: 3, start: "09:00", end: "11:00", placeId: first }, { day: 1, start: "09:00", end: "11:00", placeId: first }, { day: 1, start: "14:00", end: "15:00" }];
    expect((await h.call("PUT", `${DOCTOR}/availability`, { token: doc.token, json: { timeZone: "UTC", weekly, daysOff: [] } })).status).toBe(200);
    const card = ((await h.call("GET", `${API}?q=Places`)).body.doctors as { name: string; places: unknown }[]).find((d) => d.name === "Dr. Near Places")!;
    expect(card.places).toEqual([
      { _id: first, name: "Sunrise Clinic", locality: "Kothrud", city: "Pune" },
      { _id: second, name: "Riverside Clinic", locality: "", city: "Mumbai" },
    ]);
    const profile = (await h.call("GET", `${API}/${doc.id}`)).body.doctor;
    expect(profile.places).toEqual([
      { _id: first, ...clinic, phone: null, mapUrl: "https://maps.example.com/?q=1", days: [1, 3] },
      { _id: second, ...clinic, name: "Riverside Clinic", locality: "", city: "Mumbai", pinCode: "400001", phone: null, mapUrl: null, days: [] },
    ]);
  });
});
