/** Shown while the server does not answer: what happened, that nothing typed is lost, and a retry. */
import { Trans } from '@lingui/react/macro';
import { useServerReachable } from './connection';

export function ConnectionBanner() {
  const reachable = useServerReachable();
  if (reachable) return null;
  return (
    <div className="console-offline" role="alert">
      <span>
        <Trans>The server cannot be reached. Nothing you typed is lost: forms keep their drafts until they are sent.</Trans>
      </span>
      <button type="button" className="btn btn-secondary" onClick={() => location.reload()}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
