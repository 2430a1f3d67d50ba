/**
 * The page's side of the photo quality check (src/domain/photoQuality.ts, measured in the
 * workers/photoQuality worker, created on first use). Advice only: it never blocks saving a photo —
 * any failure (no worker, no OffscreenCanvas, a photo it cannot decode, slower than
 * QUALITY_TIMEOUT_MS) answers null, and the photo is saved as usual. Works offline.
 */
import { wrap, type Remote } from 'comlink';
import type { PhotoQualityApi, PhotoQualityResult } from '#contracts/photoQuality';
import type { PhotoVerdict } from '#domain/photoQuality';

/** Longer than this and the advice would come after the tasker moved on. */
export const QUALITY_TIMEOUT_MS = 4000;

let remote: Remote<PhotoQualityApi> | null = null;

function api(): Remote<PhotoQualityApi> | null {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null;
  if (!remote) {
    const worker = new Worker(new URL('../../../workers/photoQuality/worker.ts', import.meta.url), { type: 'module', name: 'shelfwork-photo-quality' });
    worker.addEventListener('error', (event) => console.error('[photo quality] worker failed', event.message));
    remote = wrap<PhotoQualityApi>(worker);
  }
  return remote;
}

/** The measure of a prepared photo, or null when it could not be judged. */
export async function measurePhotoQuality(photo: Blob): Promise<PhotoQualityResult | null> {
  const quality = api();
  if (!quality) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      quality.measure(photo),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), QUALITY_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** What to ask the tasker about this photo: 'blurry', 'dark', or null. */
export async function photoVerdict(photo: Blob): Promise<PhotoVerdict> {
  return (await measurePhotoQuality(photo))?.verdict ?? null;
}
