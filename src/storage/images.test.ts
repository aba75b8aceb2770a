import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JPEG_1X1, PNG_1X1 } from "../../tests/support/harness";
import { localImageStorage } from "./images";
import { sniffImage } from "./names";

describe("sniffImage", () => {
  test("a PNG is recognised by its signature", () => {
    expect(sniffImage(PNG_1X1)).toBe("png");
  });
  test("a JPEG is recognised by its SOI marker", () => {
    expect(sniffImage(JPEG_1X1)).toBe("jpg");
  });
  test("anything else is refused, whatever it claims to be", () => {
    expect(sniffImage(new TextEncoder().encode("not a picture, only named .png"))).toBeUndefined();
    expect(sniffImage(new Uint8Array())).toBeUndefined();
    expect(sniffImage(PNG_1X1.slice(0, 7))).toBeUndefined(); // truncated signature
    expect(sniffImage(Uint8Array.of(0xff, 0xd8))).toBeUndefined();
    expect(sniffImage(new TextEncoder().encode("GIF89a\x01\x00\x01\x00"))).toBeUndefined();
    expect(sniffImage(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
    const bmp = new Uint8Array(64);
    bmp.set([0x42, 0x4d]);
    expect(sniffImage(bmp)).toBeUndefined();
  });
});

describe("localImageStorage", () => {
  const root = mkdtempSync(join(tmpdir(), "carebook-images-"));
  const storage = localImageStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test("save stores under a new random name with the detected extension; read returns bytes and type", async () => {
    const a = await storage.save("patients", PNG_1X1, "png");
    const b = await storage.save("patients", PNG_1X1, "png");
    expect(a).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(b).not.toBe(a);
    const image = await storage.read("patients", a);
    expect(image).toBeDefined();
    expect(image!.type).toBe("image/png");
    expect(image!.size).toBe(PNG_1X1.length);
    expect(new Uint8Array(await image!.body.arrayBuffer())).toEqual(PNG_1X1);

    const j = await storage.save("doctors", JPEG_1X1, "jpg");
    expect(j).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const jpeg = await storage.read("doctors", j);
    expect(jpeg!.type).toBe("image/jpeg");
    expect(new Uint8Array(await jpeg!.body.arrayBuffer())).toEqual(JPEG_1X1);
    expect(readdirSync(join(root, "doctors"))).toEqual([j]);
  });

  test("folders are separate: a patient picture is not found under doctors", async () => {
    const name = await storage.save("patients", PNG_1X1, "png");
    expect(await storage.read("doctors", name)).toBeUndefined();
  });

  test("remove deletes the file; removing it again is not an error", async () => {
    const name = await storage.save("patients", JPEG_1X1, "jpg");
    expect(existsSync(join(root, "patients", name))).toBe(true);
    await storage.remove("patients", name);
    expect(existsSync(join(root, "patients", name))).toBe(false);
    expect(await storage.read("patients", name)).toBeUndefined();
    await storage.remove("patients", name);
  });

  test("a well-formed name that was never stored reads as undefined", async () => {
    expect(await storage.read("patients", `${"0".repeat(32)}.png`)).toBeUndefined();
  });

  test("names that do not match the stored pattern are refused by read and remove", async () => {
    // Files that exist on disk but do not have a stored name: read and remove must not reach them.
    mkdirSync(join(root, "patients"), { recursive: true });
    writeFileSync(join(root, "secret.txt"), "top secret");
    writeFileSync(join(root, "patients", "evil.png"), PNG_1X1);
    const upper = `${"A".repeat(32)}.png`;
    writeFileSync(join(root, "patients", upper), PNG_1X1);
    const gif = `${"a".repeat(32)}.gif`;
    writeFileSync(join(root, "patients", gif), "GIF89a");

    const bad = ["../secret.txt", "evil.png", upper, gif, `${"a".repeat(31)}.png`, `${"a".repeat(32)}.png/`, `x/${"a".repeat(32)}.png`, ""];
    for (const name of bad) {
      expect(await storage.read("patients", name)).toBeUndefined();
      await storage.remove("patients", name);
    }
    expect(existsSync(join(root, "secret.txt"))).toBe(true);
    expect(existsSync(join(root, "patients", "evil.png"))).toBe(true);
    expect(existsSync(join(root, "patients", upper))).toBe(true);
    expect(existsSync(join(root, "patients", gif))).toBe(true);
  });
});
