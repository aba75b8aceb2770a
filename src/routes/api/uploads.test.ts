/**
 * Profile pictures (SERVER-RULES §6): JPEG or PNG by content, at most MAX_UPLOAD_BYTES (2048
 * here), re-encoded and stored as JPEG under a new name, the previous one removed, served with the
 * right headers; a refused update changes nothing, on disk or in the profile. Phone-sized photos
 * and big bodies over real HTTP: ./pictures.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { JPEG_1X1, PNG_1X1, startHarness, type Harness } from "../../../tests/support/harness";
import { cachedCameraPhoto } from "../../../tests/support/photo-cache";
import { PICTURE_MAX_BYTES } from "../../storage/picture";

const MAX = 2048;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MAX_UPLOAD_BYTES: String(MAX) });
});
afterAll(() => h.stop());

type Folder = "patients" | "doctors";
const png = (name = "me.png") => ({ bytes: PNG_1X1, name, type: "image/png" });
const jpeg = (name = "me.jpg") => ({ bytes: JPEG_1X1, name, type: "image/jpeg" });

/** A PNG-signed file of `size` bytes (too big, but a picture by its first bytes). */
function bigPng(size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_1X1);
  return { bytes, name: "big.png", type: "image/png" };
}

const files = (folder: Folder) => {
  try {
    return readdirSync(join(h.dir, "uploads", folder)).sort();
  } catch {
    return [];
  }
};

/** One account of each role, with its profile calls. */
const roles = {
  patients: {
    async account() {
      const p = await h.signupPatient("Pic Patient");
      return { token: p.token };
    },
    path: "/api/auth/patient-profile",
    key: "patient",
    fields: { name: "Pic Patient" } as Record<string, string>,
  },
  doctors: {
    async account() {
      const d = await h.signupDoctor({ name: "Dr Pic" });
      return { token: d.token };
    },
    path: "/api/auth/doctor-profile",
    key: "doctor",
    fields: { name: "Dr Pic", specialization: "Cardiologist", collegeName: "City Medical College" } as Record<string, string>,
  },
} as const;

async function fetchPicture(folder: Folder, name: string) {
  const res = await h.app.request(`/uploads/${folder}/${name}`);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

function expectServedHeaders(res: Response, type: string, size: number) {
  expect(res.headers.get("content-type")).toBe(type);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  const maxAge = Number(res.headers.get("cache-control")?.match(/max-age=(\d+)/)?.[1]);
  expect(maxAge).toBeGreaterThanOrEqual(30 * 24 * 3600);
  expect(res.headers.get("content-length")).toBe(String(size));
}

for (const folder of ["patients", "doctors"] as const) {
  const role = roles[folder];
  describe(`${folder}: pictures`, () => {
    test("a real PNG, then a real JPEG: each accepted, served with the right headers; the previous file is removed", async () => {
      const { token } = await role.account();
      const before = files(folder);

      const first = await h.call("PUT", role.path, { token, form: h.profileForm(role.fields, png()) });
      expect(first.status).toBe(200);
      // Every picture is stored re-encoded as JPEG, whatever came in.
      const pngName = first.body[role.key].profileImage as string;
      expect(pngName).toMatch(/^[0-9a-f]{32}\.jpg$/);
      expect((await h.call("GET", role.path, { token })).body[role.key].profileImage).toBe(pngName);
      const served = await fetchPicture(folder, pngName);
      expect(served.res.status).toBe(200);
      expectServedHeaders(served.res, "image/jpeg", served.bytes.length);
      expect([...served.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(files(folder)).toEqual([...before, pngName].sort());

      const second = await h.call("PUT", role.path, { token, form: h.profileForm(role.fields, jpeg()) });
      expect(second.status).toBe(200);
      const jpgName = second.body[role.key].profileImage as string;
      expect(jpgName).toMatch(/^[0-9a-f]{32}\.jpg$/);
      const servedJpeg = await fetchPicture(folder, jpgName);
      expect(servedJpeg.res.status).toBe(200);
      expectServedHeaders(servedJpeg.res, "image/jpeg", servedJpeg.bytes.length);
      expect(servedJpeg.bytes.length).toBeLessThanOrEqual(PICTURE_MAX_BYTES);
      // The client adds a cache-busting query to the doctor's picture.
      const busted = await h.app.request(`/uploads/${folder}/${jpgName}?v=${Date.now()}`);
      expect(busted.status).toBe(200);
      expect(busted.headers.get("content-type")).toBe("image/jpeg");

      expect((await fetchPicture(folder, pngName)).res.status).toBe(404);
      expect(files(folder)).toEqual([...before, jpgName].sort());
    });

    test("the bytes decide whether it is a picture, not the name or declared type; all are stored as JPEG", async () => {
      const { token } = await role.account();
      const res = await h.call("PUT", role.path, { token, form: h.profileForm(role.fields, { bytes: JPEG_1X1, name: "photo.png", type: "image/png" }) });
      expect(res.status).toBe(200);
      const name = res.body[role.key].profileImage as string;
      expect(name).toEndWith(".jpg");
      expect((await fetchPicture(folder, name)).res.headers.get("content-type")).toBe("image/jpeg");
      const odd = await h.call("PUT", role.path, { token, form: h.profileForm(role.fields, { bytes: PNG_1X1, name: "notes.txt", type: "text/plain" }) });
      expect(odd.status).toBe(200);
      expect(odd.body[role.key].profileImage).toEndWith(".jpg");
    });

    test("refused updates (415, 413, 400) change nothing: same fields, same picture, no stray file", async () => {
      const { token } = await role.account();
      const ok = await h.call("PUT", role.path, { token, form: h.profileForm(role.fields, png()) });
      expect(ok.status).toBe(200);
      const profileBefore = (await h.call("GET", role.path, { token })).body;
      const picture = profileBefore[role.key].profileImage as string;
      const pictureBytes = (await fetchPicture(folder, picture)).bytes;
      const onDisk = files(folder);

      const changed = { ...role.fields, name: "Should Not Stick" };
      const { name: _name, ...withoutName } = changed;
      const text = { bytes: new TextEncoder().encode("just some text, honest"), name: "evil.png", type: "image/png" };
      const html = { bytes: new TextEncoder().encode("<script>alert(1)</script>"), name: "x.jpg", type: "image/jpeg" };
      const refusals: [number, FormData][] = [
        [415, h.profileForm(changed, text)],
        [415, h.profileForm(changed, html)],
        [413, h.profileForm(changed, bigPng(MAX + 1))],
        [413, h.profileForm(changed, bigPng(200 * 1024))], // past the whole-body limit too
        [400, h.profileForm(withoutName, png())],
        [400, h.profileForm({ ...changed, name: "x".repeat(101) }, jpeg())],
      ];
      if (folder === "doctors") refusals.push([400, h.profileForm({ ...changed, specialization: "Alchemist" }, png())]);

      for (const [status, form] of refusals) {
        const res = await h.call("PUT", role.path, { token, form });
        expect(res.status).toBe(status);
        expect(res.body).toEqual({ message: expect.any(String) });
        if (status === 400) expect(res.body.message).toMatch(/name|specialization/);

        expect((await h.call("GET", role.path, { token })).body).toEqual(profileBefore);
        const served = await fetchPicture(folder, picture);
        expect(served.res.status).toBe(200);
        expect(served.bytes).toEqual(pictureBytes);
        expect(files(folder)).toEqual(onDisk);
      }
    });

    test("exactly MAX_UPLOAD_BYTES is accepted", async () => {
      const { token } = await role.account();
      const photo = await cachedCameraPhoto(32, 24, MAX);
      expect(photo.length).toBe(MAX);
      const res = await h.call("PUT", role.path, { token, form: h.profileForm(role.fields, { bytes: photo, name: "p.jpg", type: "image/jpeg" }) });
      expect(res.status).toBe(200);
      const served = await fetchPicture(folder, res.body[role.key].profileImage);
      expect(served.res.status).toBe(200);
      expect(served.bytes.length).toBeLessThan(MAX);
    });

    test("an update without a new picture (or with an empty file part) keeps the old one", async () => {
      const { token } = await role.account();
      const first = await h.call("PUT", role.path, { token, form: h.profileForm(role.fields, png()) });
      const picture = first.body[role.key].profileImage;
      const onDisk = files(folder);
      const renamed = await h.call("PUT", role.path, { token, form: h.profileForm({ ...role.fields, name: "Renamed" }) });
      expect(renamed.status).toBe(200);
      expect(renamed.body[role.key]).toMatchObject({ name: "Renamed", profileImage: picture });
      const empty = await h.call("PUT", role.path, {
        token,
        form: h.profileForm({ ...role.fields, name: "Renamed Again" }, { bytes: new Uint8Array(), name: "", type: "application/octet-stream" }),
      });
      expect(empty.status).toBe(200);
      expect(empty.body[role.key]).toMatchObject({ name: "Renamed Again", profileImage: picture });
      expect(files(folder)).toEqual(onDisk);
      expect((await fetchPicture(folder, picture)).res.status).toBe(200);
    });
  });
}

test("the doctor's picture shows in the patients' directory", async () => {
  const d = await h.signupDoctor({ name: "Dr Portrait" });
  const res = await h.call("PUT", "/api/auth/doctor-profile", { token: d.token, form: h.profileForm(roles.doctors.fields, jpeg()) });
  const p = await h.signupPatient();
  const directory = await h.call("GET", "/api/auth/patient-dashboard/doctors", { token: p.token });
  expect(directory.body.find((x: { _id: string }) => x._id === d.id).profileImage).toBe(res.body.doctor.profileImage);
});

describe("other paths under /uploads are 404", () => {
  test("wrong folders, traversal, names that do not match the stored pattern", async () => {
    const p = await h.signupPatient();
    const res = await h.call("PUT", "/api/auth/patient-profile", { token: p.token, form: h.profileForm({ name: "X" }, png()) });
    const stored = res.body.patient.profileImage as string;
    expect((await h.app.request(`/uploads/patients/${stored}`)).status).toBe(200);

    // Files on disk that are not stored pictures must not be reachable either.
    writeFileSync(join(h.dir, "uploads", "patients", "notes.png"), PNG_1X1);
    writeFileSync(join(h.dir, "uploads", "patients", stored.toUpperCase()), PNG_1X1);
    writeFileSync(join(h.dir, "uploads", "secret.txt"), "secret");
    writeFileSync(join(h.dir, "app.png"), PNG_1X1);

    const paths = [
      "/uploads/other/x.png",
      `/uploads/other/${stored}`,
      `/uploads/doctors/${stored}`, // a patient's picture is not a doctor's
      "/uploads/patients/../../etc/passwd",
      "/uploads/patients/..%2F..%2Fetc%2Fpasswd",
      "/uploads/patients/%2e%2e%2fsecret.txt",
      "/uploads/patients/..%2Fsecret.txt",
      "/uploads/patients/..%2F..%2Fapp.png",
      "/uploads/patients/notes.png",
      `/uploads/patients/${stored.toUpperCase()}`,
      `/uploads/patients/${stored.replace(".jpg", ".png")}`,
      `/uploads/patients/${stored}.png`,
      `/uploads/patients/${stored}/x`,
      "/uploads/patients/",
      "/uploads/patients",
      "/uploads/secret.txt",
      "/uploads/",
      "/uploads",
    ];
    for (const path of paths) {
      const r = await h.app.request(path);
      expect({ path, status: r.status }).toEqual({ path, status: 404 });
      expect(r.headers.get("content-type") ?? "").not.toStartWith("image/");
    }
  });
});
