/**
 * Turns a picked file or a camera frame into the JPEG the app stores and uploads: read, checked
 * and decoded upright (photos/image.ts), resized (photos/resize.ts), encoded as JPEG 0.85, and
 * the original's EXIF moved over without orientation and thumbnail (photos/exif.ts). Browser only
 * (canvas); the rules it applies are tested in Node.
 */
import type { ImageErrorCode } from '../errors';
import { isJpeg, transplantExif } from './exif';
import { encodeJpeg, withDecodedImage } from './image';
import { photoTargetSize } from './resize';

export type PreparedPhoto = { ok: true; blob: Blob; width: number; height: number } | { ok: false; code: ImageErrorCode };

/** A file from the gallery (or the camera app through the file input). */
export async function preparePhotoFile(file: Blob): Promise<PreparedPhoto> {
  return withDecodedImage(
    file,
    async (bitmap, original) => {
      const size = photoTargetSize({ width: bitmap.width, height: bitmap.height });
      const encoded = new Uint8Array(await (await encodeJpeg(bitmap, size)).arrayBuffer());
      const bytes = original && isJpeg(original) ? transplantExif(original, encoded, size) : encoded;
      return { blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), ...size };
    },
    { bytes: true },
  );
}

/** The current frame of the live camera preview (no EXIF: the stream has none). */
export async function prepareCameraFrame(video: HTMLVideoElement): Promise<PreparedPhoto> {
  if (!video.videoWidth || !video.videoHeight) return { ok: false, code: 'IMAGE_LOAD_FAILED' };
  try {
    const size = photoTargetSize({ width: video.videoWidth, height: video.videoHeight });
    const blob = await encodeJpeg(video, size);
    return { ok: true, blob, ...size };
  } catch {
    return { ok: false, code: 'IMAGE_LOAD_FAILED' };
  }
}
