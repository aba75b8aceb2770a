/**
 * A QR code drawn on the server as SVG markup (issue 44: the two-factor setup's otpauth URL), by
 * uqr (no dependencies of its own; a QR encoder is real work). Black on white whatever the theme:
 * a phone's camera reads dark modules on a light ground.
 */
import { renderSVG } from "uqr";

/** The SVG markup of `text`'s QR code (error correction M: the otpauth URL stays small). */
export const qrSvg = (text: string): string => renderSVG(text, { ecc: "M", border: 2, pixelSize: 4 });
