/**
 * Pictures for other clients (SERVER-RULES §6, issue 11): a page on a CORS_ORIGINS origin
 * (CLIENT_ORIGIN, which the e2e server permits) loads a doctor's picture with
 * `<img crossorigin="anonymous">` and may read its pixels; a page on another origin (the same
 * little server, named localhost) cannot. The pages come from a real server on the loopback
 * address, because Chromium's local-network checks stop a page that is not itself local from
 * loading anything from 127.0.0.1, CORS or not.
 */
import { createServer, type Server } from "node:http";
import { ADMIN, CLIENT_ORIGIN, E2E_PORT } from "./support/env";
import { createPatient, expect, signIn, test, waitForHydration } from "./support/fixtures";
import { jsonClient } from "../support/http";
import { phonePhoto, picturedDoctors } from "../../bench/pictured-doctors";

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const OTHER_ORIGIN = CLIENT_ORIGIN.replace("127.0.0.1", "localhost");

let client: Server;
test.beforeAll(async () => {
  client = createServer((_, res) => res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>client</title>"));
  await new Promise<void>((resolve) => client.listen(Number(new URL(CLIENT_ORIGIN).port), "127.0.0.1", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => client.close(() => resolve())));

/** Opens a page at `origin` that loads `src` cross-origin and reports whether it loaded and could be read. */
async function loadFrom(page: import("@playwright/test").Page, origin: string, src: string) {
  await page.goto(`${origin}/`);
  return page.evaluate(
    (url) =>
      new Promise<{ loaded: boolean; width: number; readable: boolean }>((resolve) => {
        const img = new Image();
        img.crossOrigin = "anonymous";
        img.onload = () => {
          const canvas = document.createElement("canvas");
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const context = canvas.getContext("2d")!;
          context.drawImage(img, 0, 0);
          let readable = true;
          try {
            context.getImageData(0, 0, 1, 1); // throws on a tainted canvas: CORS did not allow it
          } catch {
            readable = false;
          }
          resolve({ loaded: true, width: img.naturalWidth, readable });
        };
        img.onerror = () => resolve({ loaded: false, width: 0, readable: false });
        img.src = url;
      }),
    src,
  );
}

test("a permitted origin loads a doctor's picture cross-origin; another origin is refused", async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await jsonClient(BASE)("POST", "/loginAdmin", ADMIN);
  const [picture] = await picturedDoctors(BASE, admin.token, "Neurologist", await phonePhoto(), 1);
  const src = `${BASE}/uploads/doctors/${picture}`;

  expect(await loadFrom(page, CLIENT_ORIGIN, src)).toEqual({ loaded: true, width: 128, readable: true });
  expect(await loadFrom(page, OTHER_ORIGIN, src)).toEqual({ loaded: false, width: 0, readable: false });
});

test("with script, the profile island shrinks a phone photo before uploading it", async ({ page }) => {
  test.setTimeout(120_000);
  const photo = await phonePhoto();
  await signIn(page, await createPatient("Shrink Patient"));
  await page.goto("/patient-dashboard/patient-profile");
  await waitForHydration(page);
  // Chromium does not hand a Blob-built multipart body to Playwright: note the picture the island sends.
  await page.evaluate(() => {
    const original = window.fetch;
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const file = init?.body instanceof FormData ? init.body.get("profileImage") : null;
      if (file instanceof File) (window as unknown as { sent: object }).sent = { size: file.size, type: file.type, name: file.name };
      return original(input, init);
    }) as typeof fetch;
  });
  await page.getByLabel("Profile picture (JPEG or PNG)").setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: Buffer.from(photo) });
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status")).toHaveText("Profile updated successfully!");
  const sent = (await page.evaluate(() => (window as unknown as { sent: { size: number; type: string; name: string } }).sent))!;
  console.log(`the island sent a ${sent.size}-byte ${sent.type} for a ${photo.length}-byte photo`);
  expect(sent).toMatchObject({ type: "image/jpeg", name: "IMG_0001.jpg" });
  expect(sent.size).toBeGreaterThan(1000);
  expect(sent.size).toBeLessThan(100 * 1024);
  const image = page.getByRole("img", { name: "Shrink Patient's profile picture" });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(128);
});
