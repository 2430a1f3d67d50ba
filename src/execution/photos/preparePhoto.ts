/**
 * Turns a picked file or a camera frame into the JPEG the app stores and uploads: orientation
 * applied to the pixels (createImageBitmap 'from-image'), resized (photos/resize.ts), encoded as
 * JPEG 0.85, and the original's EXIF moved over without orientation and thumbnail
 * (photos/exif.ts). Browser only (canvas); the rules it applies are tested in Node.
 */
import type { ImageErrorCode } from '../errors';
import { isJpeg, transplantExif } from './exif';
import { PHOTO_JPEG_QUALITY, PHOTO_MAX_INPUT_BYTES, photoTargetSize, type Size } from './resize';

export type PreparedPhoto = { ok: true; blob: Blob; width: number; height: number } | { ok: false; code: ImageErrorCode };

/** A picked file must look like an image; an empty type (some Android pickers) is judged by decoding. */
export function imageFileError(file: { type: string; size: number }): ImageErrorCode | null {
  if (file.size > PHOTO_MAX_INPUT_BYTES) return 'IMAGE_TOO_LARGE';
  if (file.size === 0) return 'IMAGE_LOAD_FAILED';
  if (file.type !== '' && !file.type.startsWith('image/')) return 'IMAGE_UNSUPPORTED_FORMAT';
  return null;
}

type Drawable = CanvasImageSource & { width: number; height: number };

/** Draws `source` at `size` and encodes it as JPEG (asynchronously; OffscreenCanvas where there is one). */
export async function encodeJpeg(source: CanvasImageSource, size: Size, quality: number = PHOTO_JPEG_QUALITY): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('NO_2D_CONTEXT');
    context.imageSmoothingQuality = 'high';
    context.drawImage(source, 0, 0, size.width, size.height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('NO_2D_CONTEXT');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('ENCODE_FAILED'))), 'image/jpeg', quality),
  );
}

/** A file from the gallery (or the camera app through the file input). */
export async function preparePhotoFile(file: Blob): Promise<PreparedPhoto> {
  const refused = imageFileError(file);
  if (refused) return { ok: false, code: refused };
  let original: Uint8Array;
  try {
    original = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, code: 'IMAGE_LOAD_FAILED' };
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // Chrome cannot decode HEIC and friends: the spec's advice is to try a JPEG.
    return { ok: false, code: 'IMAGE_UNSUPPORTED_FORMAT' };
  }
  try {
    const size = photoTargetSize({ width: bitmap.width, height: bitmap.height });
    const encoded = new Uint8Array(await (await encodeJpeg(bitmap, size)).arrayBuffer());
    const bytes = isJpeg(original) ? transplantExif(original, encoded, size) : encoded;
    return { ok: true, blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), ...size };
  } catch {
    return { ok: false, code: 'IMAGE_LOAD_FAILED' };
  } finally {
    bitmap.close();
  }
}

/** The current frame of the live camera preview (no EXIF: the stream has none). */
export async function prepareCameraFrame(video: HTMLVideoElement): Promise<PreparedPhoto> {
  const frame = video as HTMLVideoElement & Drawable;
  if (!video.videoWidth || !video.videoHeight) return { ok: false, code: 'IMAGE_LOAD_FAILED' };
  try {
    const size = photoTargetSize({ width: video.videoWidth, height: video.videoHeight });
    const blob = await encodeJpeg(frame, size);
    return { ok: true, blob, ...size };
  } catch {
    return { ok: false, code: 'IMAGE_LOAD_FAILED' };
  }
}
