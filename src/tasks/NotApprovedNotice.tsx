/** Spec section 6: a registered, not yet approved tasker sees tasks locked and this notice. */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Icon } from '../ui/Icon';

export function NotApprovedNotice() {
  return (
    <div className="alert alert-warning not-approved" role="note">
      <Icon name="lock" size={18} />
      <div>
        <strong>
          <Trans>Your profile is not approved yet</Trans>
        </strong>
        <p>
          <Trans>You can look at tasks, but you can reserve them only after approval.</Trans>{' '}
          <Link to="/onboarding">
            <Trans>Continue onboarding</Trans>
          </Link>
        </p>
      </div>
    </div>
  );
}
