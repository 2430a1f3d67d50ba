/**
 * The size an image is drawn at when it is made smaller: the longest side at most `maxAxis` and,
 * where given, the width at most `maxWidth`, proportions kept, never upscaled. One rule for the
 * task photos (src/execution/photos/resize.ts), the profile picture (src/profile/profilePhoto.ts)
 * and the photo quality measure (photoQuality.ts, in its worker). Pure.
 */

export interface Size {
  width: number;
  height: number;
}

export function fitWithin(source: Size, limits: { maxAxis: number; maxWidth?: number }): Size {
  const { width, height } = source;
  if (!(width > 0) || !(height > 0)) throw new RangeError('IMAGE_EMPTY');
  const maxWidth = limits.maxWidth ?? Number.POSITIVE_INFINITY;
  const scale = Math.min(1, limits.maxAxis / Math.max(width, height), maxWidth / width);
  if (scale === 1) return { width, height };
  // Round the scaled side, keep the other exact where it is the limit, never drop below 1 px.
  return {
    width: Math.max(1, Math.min(maxWidth, Math.round(width * scale))),
    height: Math.max(1, Math.round(height * scale)),
  };
}
