/** A mission's title on screen (spec section 5: over 90 characters it is truncated with 'see more'). Pure. */
import { MISSION_TITLE_MAX } from '#domain/missions';

/** The title cut at `max` characters (on a word boundary when one is near), or null when it fits. */
export function truncatedTitle(title: string, max: number = MISSION_TITLE_MAX): string | null {
  const chars = Array.from(title.trim());
  if (chars.length <= max) return null;
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  // Cut at the last word boundary in the last fifth; otherwise mid-word rather than far too short.
  return `${(space >= max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
