/** Reading a picture's size from its header alone: what lets a bomb be refused before decoding. */
import { expect, test } from "bun:test";
import { JPEG_1X1, PNG_1X1 } from "../../tests/support/harness";
import { cachedCameraPhoto } from "../../tests/support/photo-cache";
import { pngHeaderOnly } from "../../tests/support/photos";
import { readImageHeader } from "./image-header";

test("PNG: the IHDR's width and height, even with nothing behind it", () => {
  expect(readImageHeader(PNG_1X1)).toEqual({ type: "png", width: 1, height: 1 });
  expect(readImageHeader(pngHeaderOnly(40_000, 40_000))).toEqual({ type: "png", width: 40_000, height: 40_000 });
});

test("JPEG: the frame header, found past the Exif, comment and padding segments", async () => {
  expect(readImageHeader(JPEG_1X1)).toEqual({ type: "jpg", width: 1, height: 1 });
  expect(readImageHeader(await cachedCameraPhoto(320, 240, 200_000))).toEqual({ type: "jpg", width: 320, height: 240 });
});

test("anything else, or a header cut short, is no picture", () => {
  expect(readImageHeader(new TextEncoder().encode("just some text"))).toBeUndefined();
  expect(readImageHeader(PNG_1X1.subarray(0, 20))).toBeUndefined();
  expect(readImageHeader(JPEG_1X1.subarray(0, 30))).toBeUndefined();
  expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined();
  expect(readImageHeader(new Uint8Array())).toBeUndefined();
});
