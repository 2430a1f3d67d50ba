/**
 * Shown while the server does not answer: what happened, that nothing typed is lost, and a retry
 * that loads again what failed to load (no page reload: open forms stay as they are).
 */
import { Trans } from '@lingui/react/macro';
import { retryFailed } from './api';
import { useServerReachable } from './connection';

export function ConnectionBanner() {
  const reachable = useServerReachable();
  if (reachable) return null;
  return (
    <div className="console-offline" role="alert">
      <span>
        <Trans>The server cannot be reached. Nothing you typed is lost: forms keep their drafts until they are sent.</Trans>
      </span>
      <button type="button" className="btn btn-secondary" onClick={retryFailed}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
