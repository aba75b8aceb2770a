/**
 * The patients' doctor directory is cached per directory version: it must never be stale, not
 * even when another instance on the same database changes a doctor.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createApp } from "../../app";
import { boot } from "../../config/boot";
import { PNG_1X1, startHarness, type Harness } from "../../../tests/support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const ids = (body: { _id: string }[]) => body.map((d) => d._id).sort();

test("every change to a visible doctor shows in the next answer", async () => {
  const patient = await h.signupPatient();
  const list = () => h.call("GET", "/api/auth/patient-dashboard/doctors", { token: patient.token });
  const before = await list();
  const doctor = await h.signupDoctor({ approve: false });
  expect(ids((await list()).body)).toEqual(ids(before.body)); // pending: not listed
  await h.setDoctorStatus(doctor.id, "approved");
  expect(ids((await list()).body)).toContain(doctor.id);

  const form = new FormData();
  form.set("name", "Dr. Renamed");
  form.set("specialization", "Neurologist");
  form.set("collegeName", "New College");
  form.set("profileImage", new File([new Blob([PNG_1X1])], "me.png", { type: "image/png" }));
  expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form })).status).toBe(200);
  await h.approveChange(doctor.id);
  const renamed = (await list()).body.find((d: any) => d._id === doctor.id);
  expect(renamed).toMatchObject({ name: "Dr. Renamed", specialization: "Neurologist", collegeName: "New College" });
  expect(renamed.profileImage).toMatch(/\.jpg$/); // every picture is stored re-encoded as JPEG

  await h.setDoctorStatus(doctor.id, "blocked");
  expect(ids((await list()).body)).not.toContain(doctor.id);
});

test("a change made through another instance on the same database shows at once", async () => {
  const otherDeps = await boot(h.deps.config);
  const other = createApp(otherDeps);
  const patient = await h.signupPatient();
  const list = async () => {
    const res = await other.request("/api/auth/patient-dashboard/doctors", { headers: { authorization: `Bearer ${patient.token}` } });
    return ids(await res.json());
  };
  const doctor = await h.signupDoctor({ approve: false });
  expect(await list()).not.toContain(doctor.id); // the other instance has cached this version
  await h.setDoctorStatus(doctor.id, "approved"); // changed through the first instance
  expect(await list()).toContain(doctor.id);
  otherDeps.database.close();
});

test("answers carry an ETag (304 when unchanged) and come compressed when the client accepts it", async () => {
  const patient = await h.signupPatient();
  await h.signupDoctor();
  const get = (headers: Record<string, string>) =>
    h.app.request("/api/auth/patient-dashboard/doctors", { headers: { authorization: `Bearer ${patient.token}`, ...headers } });
  const plain = await get({});
  const json = await plain.text();
  const etag = plain.headers.get("etag")!;
  expect(etag).toMatch(/^".+"$/);
  expect(plain.headers.get("content-type")).toContain("application/json");
  expect((await get({ "if-none-match": etag })).status).toBe(304);

  const br = await get({ "accept-encoding": "gzip, deflate, br" });
  expect(br.headers.get("content-encoding")).toBe("br");
  expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(json);
  const gz = await get({ "accept-encoding": "gzip" });
  expect(gz.headers.get("content-encoding")).toBe("gzip");
  expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(json);

  await h.signupDoctor(); // a new approved doctor: a new version, a new ETag
  expect((await get({ "if-none-match": etag })).status).toBe(200);
});

test("the directory still needs a patient's token", async () => {
  expect((await h.call("GET", "/api/auth/patient-dashboard/doctors")).status).toBe(401);
});
