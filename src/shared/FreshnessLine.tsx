/**
 * "Updated 2 min ago" / "Not synced yet" / "Could not refresh — showing saved data": how old the
 * mirrored data on screen is (DESIGN.md: every screen shows its freshness).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { SyncMeta } from '#db/schema';
import { freshnessOf } from './freshness';
import { useNow } from './useNow';
import './FreshnessLine.css';

/**
 * `showingSavedData`: the screen already shows mirrored data that came another way (a task that
 * arrived with its list), so a failed first pull of its own is "could not refresh", not "could not load".
 */
export function FreshnessLine({ meta, showingSavedData = false }: { meta: SyncMeta | null | undefined; showingSavedData?: boolean }) {
  const { i18n } = useLingui();
  const now = useNow(30_000);
  const freshness = freshnessOf(meta, now);
  if (freshness.kind === 'loading') return null;

  if (freshness.kind === 'never') {
    if (showingSavedData && freshness.failed) {
      return (
        <p className="freshness-line freshness-line--failed" role="status">
          <Trans>Could not refresh — showing saved data</Trans>
        </p>
      );
    }
    return (
      <p className={`freshness-line${freshness.failed ? ' freshness-line--failed' : ''}`} role="status">
        {freshness.failed ? <Trans>Could not load — check your connection</Trans> : <Trans>Not synced yet</Trans>}
      </p>
    );
  }
  const ago =
    freshness.minutesAgo < 1
      ? null
      : new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'auto', style: 'short' }).format(
          freshness.minutesAgo >= 60 ? -Math.floor(freshness.minutesAgo / 60) : -freshness.minutesAgo,
          freshness.minutesAgo >= 60 ? 'hour' : 'minute',
        );
  return (
    <p className={`freshness-line${freshness.failed ? ' freshness-line--failed' : ''}`} role="status">
      {freshness.failed ? (
        ago === null ? (
          <Trans>Could not refresh — showing saved data</Trans>
        ) : (
          <Trans>Could not refresh — showing saved data (updated {ago})</Trans>
        )
      ) : ago === null ? (
        <Trans>Updated just now</Trans>
      ) : (
        <Trans>Updated {ago}</Trans>
      )}
    </p>
  );
}
