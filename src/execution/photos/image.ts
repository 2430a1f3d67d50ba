/**
 * Reading and resizing a picked image, for every picture the app keeps: task and document photos
 * (photos/preparePhoto.ts) and the profile picture (src/profile/profilePhoto.ts). A file is refused
 * before decoding when it is too large, empty or not an image; it is decoded by createImageBitmap
 * with its EXIF orientation applied to the pixels, then drawn at the target size (the rule:
 * src/domain/imageSize.ts) and encoded as JPEG asynchronously (OffscreenCanvas where there is one).
 * Browser only.
 */
import type { ImageErrorCode } from '../errors';
import { PHOTO_JPEG_QUALITY, PHOTO_MAX_INPUT_BYTES, type Size } from './resize';

/** A picked file must look like an image; an empty type (some Android pickers) is judged by decoding. */
export function imageFileError(file: { type: string; size: number }): ImageErrorCode | null {
  if (file.size > PHOTO_MAX_INPUT_BYTES) return 'IMAGE_TOO_LARGE';
  if (file.size === 0) return 'IMAGE_LOAD_FAILED';
  if (file.type !== '' && !file.type.startsWith('image/')) return 'IMAGE_UNSUPPORTED_FORMAT';
  return null;
}

export type ImageResult<T> = ({ ok: true } & T) | { ok: false; code: ImageErrorCode };

/**
 * Checks and decodes `file` (upright), hands the picture to `draw` and closes it afterwards. With
 * `bytes`, the file's bytes are read first and handed over too (a task photo's EXIF is carried
 * over from them). A file that cannot be read, or a failure in `draw`, is IMAGE_LOAD_FAILED; one
 * the browser cannot decode (HEIC in Chrome, say) IMAGE_UNSUPPORTED_FORMAT.
 */
export async function withDecodedImage<T extends object>(
  file: Blob,
  draw: (bitmap: ImageBitmap, bytes: Uint8Array | null) => Promise<T>,
  options: { bytes?: boolean } = {},
): Promise<ImageResult<T>> {
  const refused = imageFileError(file);
  if (refused) return { ok: false, code: refused };
  let bytes: Uint8Array | null = null;
  if (options.bytes) {
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      return { ok: false, code: 'IMAGE_LOAD_FAILED' };
    }
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // Chrome cannot decode HEIC and friends: the spec's advice is to try a JPEG.
    return { ok: false, code: 'IMAGE_UNSUPPORTED_FORMAT' };
  }
  try {
    return { ok: true, ...(await draw(bitmap, bytes)) };
  } catch {
    return { ok: false, code: 'IMAGE_LOAD_FAILED' };
  } finally {
    bitmap.close();
  }
}

/** Draws `source` at `size` and encodes it as JPEG (asynchronously; OffscreenCanvas where there is one). */
export async function encodeJpeg(source: CanvasImageSource, size: Size, quality: number = PHOTO_JPEG_QUALITY): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    drawAt(canvas.getContext('2d'), source, size);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  drawAt(canvas.getContext('2d'), source, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('ENCODE_FAILED'))), 'image/jpeg', quality),
  );
}

function drawAt(context: CanvasDrawImage & CanvasImageSmoothing | null, source: CanvasImageSource, size: Size): void {
  if (!context) throw new Error('NO_2D_CONTEXT');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
}
