/**
 * What an authoring screen shows instead of its data or after a failed save: the console's own
 * loading and failure states (src/console/ui/States.tsx), and a save's failure in words — a
 * network failure says that the changes are kept here (drafts stay in this browser), any other
 * refusal is worded by the console's error words or the server's message.
 */
import { Trans } from '@lingui/react/macro';
import { StaffApiError } from '../api';
import { useErrorText } from '../errors';
import { LoadError, Loading } from '../ui/States';

export { Loading };

export function LoadFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return <LoadError error={error} retry={onRetry} />;
}

export function WriteFailure({ error }: { error: unknown }) {
  const text = useErrorText();
  if (!error) return null;
  const network = error instanceof StaffApiError && error.code === 'NETWORK';
  return (
    <p className="alert alert-error" role="alert">
      {network ? <Trans>Not saved: the server cannot be reached. Your changes are kept here; try again when the connection is back.</Trans> : text(error)}
    </p>
  );
}
