/**
 * What an authoring screen shows instead of its data: a spinner while loading, and when a read
 * failed the reason with a retry — "cannot reach the server" for a network failure (the console is
 * online-first; nothing typed is lost, drafts stay in this browser), the server's message otherwise.
 */
import { Trans } from '@lingui/react/macro';
import { StaffApiError } from '../api';

export function LoadFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const network = error instanceof StaffApiError && error.code === 'NETWORK';
  return (
    <div className="alert alert-error" role="alert">
      <p>
        {network ? (
          <Trans>The server cannot be reached. Check the connection and try again; nothing you typed is lost.</Trans>
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

export function Loading() {
  return (
    <div className="spinner-inline" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span className="muted">
        <Trans>Loading…</Trans>
      </span>
    </div>
  );
}

/** A write's refusal in words: the network case said plainly, else the server's message (in the console's language). */
export function WriteFailure({ error }: { error: unknown }) {
  if (!error) return null;
  const network = error instanceof StaffApiError && error.code === 'NETWORK';
  return (
    <p className="alert alert-error" role="alert">
      {network ? (
        <Trans>Not saved: the server cannot be reached. Your changes are kept here; try again when the connection is back.</Trans>
      ) : error instanceof StaffApiError ? (
        error.message
      ) : (
        <Trans>Not saved: something went wrong.</Trans>
      )}
    </p>
  );
}
