import { Trans } from '@lingui/react/macro';
import { StaffApiError } from '../api';

/** A failed read: the network case said plainly (the console is online-first), else the server's message. */
export function Failure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const network = error instanceof StaffApiError && error.code === 'NETWORK';
  return (
    <div className="alert alert-error" role="alert">
      <p>
        {network ? (
          <Trans>The server cannot be reached. Check the connection and try again.</Trans>
        ) : error instanceof StaffApiError ? (
          error.message
        ) : (
          <Trans>Something went wrong while loading.</Trans>
        )}
      </p>
      {onRetry && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}
