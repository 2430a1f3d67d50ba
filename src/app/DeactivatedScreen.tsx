/** A deactivated account sees only this (spec sections 4 and 6: "must contact support"). */
import { Trans } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { Icon } from '../ui/Icon';
import { GreenLayout } from './GreenLayout';
import { signOut } from './signOut';

export function DeactivatedScreen() {
  const navigate = useNavigate();
  return (
    <GreenLayout>
      <div className="message-screen">
        <Icon name="lock" className="message-icon" />
        <h1 className="green-title">
          <Trans>Your account is deactivated</Trans>
        </h1>
        <p className="muted">
          <Trans>You can no longer see or reserve tasks. Please contact Shelfwork support to find out why and what you can do.</Trans>
        </p>
        <button
          type="button"
          className="btn btn-secondary btn-block"
          onClick={async () => {
            await signOut();
            navigate('/login', { replace: true });
          }}
        >
          <Icon name="logout" />
          <Trans>Sign out</Trans>
        </button>
      </div>
    </GreenLayout>
  );
}
