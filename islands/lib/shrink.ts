/**
 * Shrinks a chosen picture in the browser before it is uploaded: a 6 MB phone photo becomes the
 * centre square at SHRUNK_SIDE pixels as a JPEG of a few tens of KB, so it goes up quickly on a
 * slow connection. createImageBitmap applies the photo's Exif orientation, and a canvas keeps
 * pixels only, so no location leaves the phone either. The server re-encodes whatever arrives;
 * if anything here fails (an old browser, an odd file), the original goes up instead.
 */

/** Twice the server's 128 px square: room for its own resize, still small (15 to 30 KB) on the wire. */
export const SHRUNK_SIDE = 256;
const QUALITY = 0.85;

function canvasOf(side: number): { context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null; toBlob: () => Promise<Blob | null> } {
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(side, side);
    return { context: canvas.getContext("2d"), toBlob: () => canvas.convertToBlob({ type: "image/jpeg", quality: QUALITY }) };
  }
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  return { context: canvas.getContext("2d"), toBlob: () => new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", QUALITY)) };
}

/** The picture to upload for `file`: a shrunk square JPEG, or `file` itself when shrinking fails or would not help. */
export async function shrinkPicture(file: File): Promise<File> {
  try {
    if (typeof createImageBitmap !== "function") return file;
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const crop = Math.min(bitmap.width, bitmap.height);
    const side = Math.min(SHRUNK_SIDE, crop);
    const { context, toBlob } = canvasOf(side);
    if (!context) return file;
    // JPEG has no transparency: a transparent PNG goes on white, not black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, side, side);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, (bitmap.width - crop) / 2, (bitmap.height - crop) / 2, crop, crop, 0, 0, side, side);
    bitmap.close();
    const blob = await toBlob();
    if (!blob || blob.size === 0 || blob.size >= file.size) return file;
    return new File([blob], file.name.replace(/\.[^.]*$/, "") + ".jpg", { type: "image/jpeg" });
  } catch {
    return file;
  }
}
