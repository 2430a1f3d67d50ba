/** Spec section 6: a registered, not yet approved tasker sees tasks locked and this notice. */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Alert } from '#ui/Alert';

export function NotApprovedNotice() {
  return (
    <Alert tone="warning" role="note" icon="lock" className="not-approved">
      <strong>
        <Trans>Your profile is not approved yet</Trans>
      </strong>
      <p>
        <Trans>You can look at tasks, but you can reserve them only after approval.</Trans>{' '}
        <Link to="/onboarding">
          <Trans>Continue onboarding</Trans>
        </Link>
      </p>
    </Alert>
  );
}
