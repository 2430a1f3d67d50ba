/**
 * Which picture a photo row shows (DESIGN.md write path, step 5): the local JPEG while the device
 * has it (always until the server confirmed the upload), the server's URL after. Pure.
 */
import type { PhotoRow } from '#db/schema';

export function photoDisplay(photo: Pick<PhotoRow, 'blob' | 'url' | 'uploadState'>): { blob: Blob | null; url: string | null; uploaded: boolean } {
  return { blob: photo.blob, url: photo.blob ? null : photo.url, uploaded: photo.uploadState === 'uploaded' };
}
