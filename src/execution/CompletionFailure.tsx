/** Why a completion could not be queued (storage full, task no longer in progress, ...). */
import { useLingui } from '@lingui/react/macro';
import type { CommandError } from '../sync/contract';
import { commandErrorMessage } from './errors';

export function CompletionFailure({ error }: { error: CommandError | null }) {
  const { i18n } = useLingui();
  if (!error) return null;
  const message = commandErrorMessage('complete', error);
  return (
    <p className="alert alert-error" role="alert">
      {typeof message === 'string' ? message : i18n._(message)}
    </p>
  );
}
