/**
 * The Squoosh image codecs (jSquash: MozJPEG, the Rust png crate, Squoosh's resizer), all
 * WebAssembly. Their wasm files are imported as files so that `bun build --compile` embeds them
 * in the binary; each is compiled once and handed to its package's init, so nothing is fetched
 * from beside the package at run time (which a lone binary could not do).
 * Why these: sharp's and wasm-vips' WebAssembly builds hang under Bun (docs/performance.md).
 */
import decodeJpeg, { init as initJpegDecode } from "@jsquash/jpeg/decode";
import encodeJpeg, { init as initJpegEncode } from "@jsquash/jpeg/encode";
import { decode as decodePng, init as initPngDecode } from "@jsquash/png/decode";
import resize, { initResize } from "@jsquash/resize";
import jpegDecodeWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm" with { type: "file" };
import jpegEncodeWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm" with { type: "file" };
// @ts-expect-error the package types the wasm's exports; a `type: "file"` import is its path
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm" with { type: "file" };
// @ts-expect-error as above
import resizeWasm from "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm" with { type: "file" };

const compile = async (path: string) => WebAssembly.compile(await Bun.file(path).arrayBuffer());

let ready: Promise<void> | undefined;

/** Compiles and initialises every codec once; later calls share the first promise. */
export function codecsReady(): Promise<void> {
  ready ??= (async () => {
    const [jpegDec, jpegEnc, png, resizer] = await Promise.all([jpegDecodeWasm, jpegEncodeWasm, pngWasm, resizeWasm].map(compile));
    await Promise.all([initJpegDecode(jpegDec!), initJpegEncode(jpegEnc!), initPngDecode(png!), initResize(resizer!)]);
  })();
  return ready;
}

export { decodeJpeg, decodePng, encodeJpeg, resize };
