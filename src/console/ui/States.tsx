/** The console's loading, empty and failure states, so every screen says the same things the same way. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { StaffApiError } from '../api';
import { useErrorText } from '../errors';

export function Loading() {
  return (
    <div className="console-loading" role="status">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans>Loading…</Trans>
      </span>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="console-empty muted">{children}</p>;
}

/** A failed load: the reason in the member's language, and a retry. */
export function LoadError({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useLingui();
  const text = useErrorText();
  const network = error instanceof StaffApiError && error.code === 'NETWORK';
  return (
    <div className="alert alert-error console-error" role="alert">
      <p>{network ? t`The server cannot be reached. Check the connection and try again.` : text(error)}</p>
      {retry ? (
        <button type="button" className="btn btn-secondary" onClick={retry}>
          <Trans>Try again</Trans>
        </button>
      ) : null}
    </div>
  );
}
