/**
 * The slide-to-reserve arithmetic (spec sections 4 and 9): how far the 60 px grabber has
 * travelled along its track, and whether a release reserves. It fires only at 100 %; anything
 * less springs back. Keyboard steps move the same progress, so the control is operable without
 * a pointer. Pure: the component feeds it pixels and keys.
 */

/** Spec section 9: slider grabber 60 px. */
export const SLIDER_GRABBER_PX = 60;
/** Spec section 4: the success animation plays for 500 ms before the reservation is sent. */
export const SLIDER_SUCCESS_MS = 500;
/** Keyboard: arrow keys move a quarter of the track, Page keys half, Home/End to the ends. */
export const SLIDER_KEY_STEP = 0.25;

/** How far the grabber can travel: the track minus the grabber itself. */
export function sliderTravel(trackWidthPx: number, grabberPx: number = SLIDER_GRABBER_PX): number {
  return Math.max(0, trackWidthPx - grabberPx);
}

/** Progress 0..1 for a drag of `dragPx` from the start; a track too short to travel is never complete. */
export function sliderProgress(dragPx: number, trackWidthPx: number, grabberPx: number = SLIDER_GRABBER_PX): number {
  const travel = sliderTravel(trackWidthPx, grabberPx);
  if (travel <= 0 || !Number.isFinite(dragPx)) return 0;
  return Math.min(1, Math.max(0, dragPx / travel));
}

/** Only a full slide reserves (spec section 4: "fires only at 100 %"); a float rounding up to 1 counts. */
export function isSliderComplete(progress: number): boolean {
  return progress >= 1 - 1e-9;
}

export type SliderRelease = 'complete' | 'reset';

export function sliderRelease(progress: number): SliderRelease {
  return isSliderComplete(progress) ? 'complete' : 'reset';
}

/** The progress after a key press, or null when the key does not move the slider. */
export function sliderKeyProgress(key: string, progress: number): number | null {
  const clamp = (p: number) => Math.min(1, Math.max(0, p));
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(progress + SLIDER_KEY_STEP);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(progress - SLIDER_KEY_STEP);
    case 'PageUp':
      return clamp(progress + 2 * SLIDER_KEY_STEP);
    case 'PageDown':
      return clamp(progress - 2 * SLIDER_KEY_STEP);
    case 'Home':
      return 0;
    case 'End':
      return 1;
    default:
      return null;
  }
}
