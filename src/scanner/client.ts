/**
 * The page's side of the scanner: the scanner worker (created on first use, wrapped with Comlink
 * as `ScannerApi`), grabbing a camera frame from a <video> as RGBA pixels, and the beep that
 * confirms a scan (spec section 2: 600 Hz for 150 ms). The screen (/task/{id}/skus) drives the
 * loop: grab → decode → confirm (confirm.ts) → beep.
 */
import { transfer, wrap, type Remote } from 'comlink';
import type { DecodeResult, ScanFrame, ScannerApi } from '#contracts/scanner';

/** Spec section 2: "A beep plays at 600 Hz for 150 ms." */
export const BEEP_HZ = 600;
export const BEEP_MS = 150;

let remote: Remote<ScannerApi> | null = null;
let worker: Worker | null = null;

/** The scanner worker's API, created on first use. Safe to call many times. */
export function getScannerApi(): Remote<ScannerApi> {
  if (!remote) {
    worker = new Worker(new URL('../../workers/scanner/worker.ts', import.meta.url), { type: 'module', name: 'shelfwork-scanner' });
    worker.addEventListener('error', (event) => console.error('[scanner] worker failed', event.message));
    remote = wrap<ScannerApi>(worker);
  }
  return remote;
}

/** Stop the worker (leaving the scanner screen frees its memory); the next use starts a new one. */
export function stopScanner(): void {
  worker?.terminate();
  worker = null;
  remote = null;
}

/**
 * Decode a frame in the worker. The pixel buffer is transferred, not copied: `frame.data` is
 * unusable afterwards (grab a new frame for the next attempt).
 */
export function decodeInWorker(frame: ScanFrame): Promise<DecodeResult | null> {
  return getScannerApi().decode(transfer(frame, [frame.data.buffer]));
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
let surface: { canvas: OffscreenCanvas | HTMLCanvasElement; context: Context2D } | null = null;

function contextOfSize(width: number, height: number): Context2D | null {
  if (!surface) {
    const canvas: OffscreenCanvas | HTMLCanvasElement =
      typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(width, height) : document.createElement('canvas');
    // willReadFrequently keeps the canvas in CPU memory: getImageData every frame stays cheap.
    const context = canvas.getContext('2d', { willReadFrequently: true }) as Context2D | null;
    if (!context) return null;
    surface = { canvas, context };
  }
  if (surface.canvas.width !== width) surface.canvas.width = width;
  if (surface.canvas.height !== height) surface.canvas.height = height;
  return surface.context;
}

/**
 * The video's current frame as RGBA pixels, or null when the video has no frame yet. `maxWidth`
 * lets the browser scale the frame while drawing it (cheap); by default the worker gets the full
 * frame and chooses its own downscaling (workers/scanner/decoder.ts).
 */
export function grabFrame(video: HTMLVideoElement, options: { maxWidth?: number } = {}): ScanFrame | null {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return null;
  const scale = options.maxWidth && videoWidth > options.maxWidth ? options.maxWidth / videoWidth : 1;
  const width = Math.round(videoWidth * scale);
  const height = Math.round(videoHeight * scale);
  const context = contextOfSize(width, height);
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  const image = context.getImageData(0, 0, width, height);
  return { data: image.data, width, height };
}

let audio: AudioContext | null = null;

/**
 * The scan confirmation beep: a 600 Hz sine for 150 ms, with a few milliseconds of fade-out so it
 * does not click. Browsers only start audio after a user gesture; the scanner is opened by a tap,
 * so the first beep after it may resume the context.
 */
export function beep(): void {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  if (audio.state === 'suspended') void audio.resume();
  const start = audio.currentTime;
  const end = start + BEEP_MS / 1000;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = BEEP_HZ;
  gain.gain.setValueAtTime(0.25, start);
  gain.gain.setValueAtTime(0.25, end - 0.01);
  gain.gain.linearRampToValueAtTime(0, end);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(end);
}
