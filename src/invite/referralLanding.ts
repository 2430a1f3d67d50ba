/**
 * The referral landing (spec section 9: shown at most twice for LT users). What "landing" means
 * here (docs/decisions/0006-referral-landing.md): the intro panel at the top of /invite — the
 * headline reward and the three steps in pictures — shown on a Lithuanian tasker's first two
 * visits of /invite on this device, counted in local storage under `referralLandingViews`; from
 * the third visit the screen opens on the code and the rules. Taskers of other markets always
 * see it (the spec limits it for LT only). Storage is a parameter so tests use a plain object; a
 * blocked storage shows the panel (the rules stay the same without it).
 */
import type { CountryCode } from '#domain/types';

export const REFERRAL_LANDING_VIEWS_KEY = 'referralLandingViews';
export const LT_LANDING_MAX_VIEWS = 2;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function views(storage: StorageLike | null): number {
  try {
    const n = Number.parseInt(storage?.getItem(REFERRAL_LANDING_VIEWS_KEY) ?? '0', 10);
    return Number.isFinite(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

/** Whether this visit shows the landing. */
export function shouldShowLanding(storage: StorageLike | null, country: CountryCode | null | undefined): boolean {
  return country !== 'LT' || views(storage) < LT_LANDING_MAX_VIEWS;
}

/** Counts one view of the landing (call once per visit that showed it). */
export function recordLandingView(storage: StorageLike | null): void {
  try {
    storage?.setItem(REFERRAL_LANDING_VIEWS_KEY, String(views(storage) + 1));
  } catch {
    // A blocked storage: the landing keeps showing, which only costs a little space.
  }
}
