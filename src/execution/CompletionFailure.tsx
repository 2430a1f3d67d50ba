/** Why a completion could not be queued (storage full, task no longer in progress, ...). */
import { useLingui } from '@lingui/react/macro';
import type { CommandError } from '#contracts/sync';
import { Alert } from '#ui/Alert';
import { errorMessage } from '../i18n/errorMessages';

export function CompletionFailure({ error }: { error: CommandError | null }) {
  const { i18n } = useLingui();
  if (!error) return null;
  const message = errorMessage('complete', error);
  return (
    <Alert tone="error" role="alert">
      {typeof message === 'string' ? message : i18n._(message)}
    </Alert>
  );
}
