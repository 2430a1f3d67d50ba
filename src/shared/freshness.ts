/**
 * How fresh a mirrored collection is, from its sync meta row (DESIGN.md: a screen shows how fresh
 * its data is). Pure; the FreshnessLine component turns the answer into words.
 */
import type { SyncMeta } from '#db/schema';

export type Freshness =
  | { kind: 'loading' }
  /** Never synced; `failed` when the last attempt failed. */
  | { kind: 'never'; failed: boolean }
  /** Synced `minutesAgo` whole minutes ago; `failed` when a later refresh failed. */
  | { kind: 'synced'; minutesAgo: number; failed: boolean };

export function freshnessOf(meta: SyncMeta | null | undefined, now: Date): Freshness {
  if (meta === undefined) return { kind: 'loading' };
  const syncedAt = meta?.syncedAt ? Date.parse(meta.syncedAt) : NaN;
  const failed = Boolean(meta?.error);
  if (!Number.isFinite(syncedAt)) return { kind: 'never', failed };
  // A device clock slightly behind the worker's must not say "in 1 minute".
  const minutesAgo = Math.max(0, Math.floor((now.getTime() - syncedAt) / 60_000));
  return { kind: 'synced', minutesAgo, failed };
}
