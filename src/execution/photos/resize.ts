/**
 * The size a photo is stored and uploaded at (spec section 9: "max axis width 1280 px; upload
 * width 920"). Decision: both are limits on the ONE JPEG the app stores and uploads — the long
 * side at most 1280 px and the width at most 920 px, never upscaled. A portrait shelf photo
 * (3:4) becomes 920×1227, a landscape one (4:3) 920×690, a tall panorama is held by the 1280
 * axis. One file means the bytes the server stores are exactly the bytes the device kept (the
 * end-to-end test compares them) and no second rendition is encoded on a mid-range phone. Pure.
 */

export const PHOTO_MAX_AXIS = 1280;
export const PHOTO_UPLOAD_WIDTH = 920;
export const PHOTO_JPEG_QUALITY = 0.85;
/** Larger picked files are refused before decoding (a 20 MB JPEG is ~50 MP, beyond any phone camera). */
export const PHOTO_MAX_INPUT_BYTES = 20 * 1024 * 1024;

export interface Size {
  width: number;
  height: number;
}

export function photoTargetSize(source: Size, limits: { maxAxis: number; maxWidth: number } = { maxAxis: PHOTO_MAX_AXIS, maxWidth: PHOTO_UPLOAD_WIDTH }): Size {
  const { width, height } = source;
  if (!(width > 0) || !(height > 0)) throw new RangeError('IMAGE_EMPTY');
  const scale = Math.min(1, limits.maxAxis / Math.max(width, height), limits.maxWidth / width);
  if (scale === 1) return { width, height };
  // Round the scaled side, keep the other exact where it is the limit, never drop below 1 px.
  return {
    width: Math.max(1, Math.min(limits.maxWidth, Math.round(width * scale))),
    height: Math.max(1, Math.round(height * scale)),
  };
}
