/**
 * The latest profile save as the outbox holds it (spec section 8 plus the app's sync words):
 * 'Sending' or 'Waiting for signal' while it is on the phone, and the server's refusal with its
 * message (the fields it named show their errors under the fields).
 */
import { Trans } from '@lingui/react/macro';
import { Alert } from '#ui/Alert';
import { Icon } from '#ui/Icon';
import { useOnline } from '../shared/useOnline';
import { useProfileSaveState } from '../profile';

export interface ProfileSaveStatusProps {
  /** Opens the step of the first field the server named, when it is not the step shown. */
  onShowFields?: () => void;
}

export function ProfileSaveStatus({ onShowFields }: ProfileSaveStatusProps) {
  const online = useOnline();
  const state = useProfileSaveState();
  if (!state) return null;
  if (state.rejected) {
    const message = state.rejected.message.trim();
    return (
      <Alert tone="error" role="alert" icon="warning">
        <strong>
          <Trans>The server did not accept your last changes.</Trans>
        </strong>{' '}
        {message ? <span>{message} </span> : null}
        <Trans>Correct the marked fields and save again. Your changes are kept on this phone.</Trans>
        {onShowFields ? (
          <>
            {' '}
            <button type="button" className="btn-link" onClick={onShowFields}>
              <Trans>Show the fields</Trans>
            </button>
          </>
        ) : null}
      </Alert>
    );
  }
  if (!state.waiting) return null;
  return (
    <p className="wizard-sync-status" role="status">
      <Icon name={online ? 'clock' : 'wifiOff'} size={18} />
      <span>{online ? <Trans>Sending: your profile changes</Trans> : <Trans>Waiting for signal: your profile changes are saved on this phone</Trans>}</span>
    </p>
  );
}
