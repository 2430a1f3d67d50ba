/**
 * The size a photo is stored and uploaded at (spec section 9: "max axis width 1280 px; upload
 * width 920"). Decision: both are limits on the ONE JPEG the app stores and uploads — the long
 * side at most 1280 px and the width at most 920 px, never upscaled. A portrait shelf photo
 * (3:4) becomes 920×1227, a landscape one (4:3) 920×690, a tall panorama is held by the 1280
 * axis. One file means the bytes the server stores are exactly the bytes the device kept (the
 * end-to-end test compares them) and no second rendition is encoded on a mid-range phone. Pure;
 * the scaling rule itself is src/domain/imageSize.ts.
 */
import { fitWithin, type Size } from '#domain/imageSize';

export const PHOTO_MAX_AXIS = 1280;
export const PHOTO_UPLOAD_WIDTH = 920;
export const PHOTO_JPEG_QUALITY = 0.85;
/** Larger picked files are refused before decoding (a 20 MB JPEG is ~50 MP, beyond any phone camera). */
export const PHOTO_MAX_INPUT_BYTES = 20 * 1024 * 1024;

export type { Size };

/** The task photo's size (the ONE JPEG kept and uploaded); other limits for other pictures (the profile's). */
export function photoTargetSize(source: Size, limits: { maxAxis: number; maxWidth: number } = { maxAxis: PHOTO_MAX_AXIS, maxWidth: PHOTO_UPLOAD_WIDTH }): Size {
  return fitWithin(source, limits);
}
