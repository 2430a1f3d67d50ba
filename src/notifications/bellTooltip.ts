/**
 * When the bell's tooltip shows (spec section 9): it opens 1 s after the app starts, stays 3 s,
 * then opens again every 60 s, while there are unseen notifications. Pure, so it is tested
 * without a browser: the bell asks it at each tick.
 */
import { NOTIFICATION_TOOLTIP } from '#domain/notifications';

/** Whether the tooltip is open `elapsedMs` after the start. */
export function tooltipOpenAt(elapsedMs: number, timing = NOTIFICATION_TOOLTIP): boolean {
  if (elapsedMs < timing.openAfterMs) return false;
  const sinceFirst = (elapsedMs - timing.openAfterMs) % timing.repeatEveryMs;
  return sinceFirst < timing.visibleMs;
}

/** Milliseconds from `elapsedMs` to the next change (open ↔ closed). */
export function nextTooltipChange(elapsedMs: number, timing = NOTIFICATION_TOOLTIP): number {
  if (elapsedMs < timing.openAfterMs) return timing.openAfterMs - elapsedMs;
  const sinceFirst = (elapsedMs - timing.openAfterMs) % timing.repeatEveryMs;
  return sinceFirst < timing.visibleMs ? timing.visibleMs - sinceFirst : timing.repeatEveryMs - sinceFirst;
}
