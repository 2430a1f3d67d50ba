/**
 * The profile picture the app stores and uploads (spec sections 5 and 9: JPEG only, 320 px,
 * thumbnail at most 64 kB). A picked or camera-taken file goes through the task photos' path
 * (src/execution/photos/image.ts: checked, decoded with its orientation applied, drawn and
 * encoded asynchronously) at the profile size, then re-encoded at lower JPEG
 * qualities until it fits 64 kB. Decision: no EXIF is carried over (unlike task photos): a face
 * photo needs no camera data, and a phone's GPS tag would tell where the tasker lives.
 * The rules are pure and tested in Node; `prepareProfilePhoto` needs a browser.
 */
import { encodeJpeg, photoTargetSize, withDecodedImage, type Size, type ImageErrorCode } from '../execution';

/** Width of the stored picture (spec section 9: "profile picture 320"); never upscaled. */
export const PROFILE_PHOTO_WIDTH = 320;
/** A tall picture is held at 3:2 portrait (320 × 480) so a panorama does not blow the byte budget. */
export const PROFILE_PHOTO_MAX_AXIS = 480;
/** Spec section 5: "thumbnail max 64 kB". */
export const PROFILE_PHOTO_MAX_BYTES = 64 * 1024;
/** Tried in order; at 320 px a photo fits at the first one or two. */
export const PROFILE_PHOTO_QUALITIES: readonly number[] = [0.85, 0.75, 0.65, 0.5, 0.4];

export type PreparedProfilePhoto = { ok: true; blob: Blob; width: number; height: number } | { ok: false; code: ImageErrorCode };

export function profilePhotoSize(source: Size): Size {
  return photoTargetSize(source, { maxAxis: PROFILE_PHOTO_MAX_AXIS, maxWidth: PROFILE_PHOTO_WIDTH });
}

/**
 * The size rule: the first encoding (highest quality first) that is a JPEG of at most 64 kB;
 * 'file too large' when even the lowest quality is over it.
 */
export async function fitProfilePhoto(
  encodeAt: (quality: number) => Promise<Blob>,
): Promise<{ ok: true; blob: Blob } | { ok: false; code: 'IMAGE_TOO_LARGE' }> {
  for (const quality of PROFILE_PHOTO_QUALITIES) {
    const blob = await encodeAt(quality);
    if (blob.size <= PROFILE_PHOTO_MAX_BYTES) return { ok: true, blob: blob.type === 'image/jpeg' ? blob : new Blob([blob], { type: 'image/jpeg' }) };
  }
  return { ok: false, code: 'IMAGE_TOO_LARGE' };
}

/** A file from the gallery, or from the camera app through the file input's `capture`. */
export async function prepareProfilePhoto(file: Blob): Promise<PreparedProfilePhoto> {
  const decoded = await withDecodedImage(file, async (bitmap) => {
    const size = profilePhotoSize({ width: bitmap.width, height: bitmap.height });
    return { fitted: await fitProfilePhoto((quality) => encodeJpeg(bitmap, size, quality)), size };
  });
  if (!decoded.ok) return decoded;
  return decoded.fitted.ok ? { ok: true, blob: decoded.fitted.blob, ...decoded.size } : decoded.fitted;
}

/** Up to two initials for the placeholder avatar: first and last name, else the email's first letter. */
export function profileInitials(name: string | null | undefined, email: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const first = Array.from(words[0] as string)[0] ?? '';
    const last = words.length > 1 ? (Array.from(words[words.length - 1] as string)[0] ?? '') : '';
    return (first + last).toLocaleUpperCase();
  }
  const letter = Array.from((email ?? '').trim())[0];
  return letter ? letter.toLocaleUpperCase() : '?';
}
