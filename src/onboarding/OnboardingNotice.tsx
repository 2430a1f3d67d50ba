/** The account-state notice above the stepper: awaiting approval, rejected (reasons + comment), approved. */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { User } from '#domain/types';
import { Alert } from '#ui/Alert';
import { useRejectionReasonText } from './useRejectionReasonText';

export interface OnboardingNoticeProps {
  user: User;
}

export function OnboardingNotice({ user }: OnboardingNoticeProps) {
  const reasonText = useRejectionReasonText();
  switch (user.status) {
    case 'awaiting_approval':
      return (
        <Alert tone="warning" role="status" icon="clock" iconSize={24} className="onboarding-notice">
          <strong>
            <Trans>Your profile is waiting for approval</Trans>
          </strong>
          <p>
            <Trans>Our team checks every new profile. We will let you know as soon as yours is approved.</Trans>
          </p>
          <p>
            <Trans>
              Profile not approved yet: you can already look at tasks, but they stay locked. You cannot reserve them, and task
              instructions and some trainings open only after approval.
            </Trans>
          </p>
          <Link to="/reservable" className="onboarding-notice-link">
            <Trans>Look at available tasks</Trans>
          </Link>
        </Alert>
      );
    case 'rejected':
      return (
        <Alert tone="error" role="alert" icon="warning" iconSize={24} className="onboarding-notice">
          <strong>
            <Trans>Your profile was not approved</Trans>
          </strong>
          {user.rejectionReasons.length > 0 ? (
            <>
              <p>
                <Trans>Please correct:</Trans>
              </p>
              <ul className="onboarding-reasons">
                {user.rejectionReasons.map((reason) => (
                  <li key={reason}>{reasonText(reason)}</li>
                ))}
              </ul>
            </>
          ) : null}
          {user.rejectionComment ? (
            <p>
              <Trans>Comment from our team:</Trans> <q className="onboarding-comment">{user.rejectionComment}</q>
            </p>
          ) : null}
          <p>
            <Trans>Until your profile is approved you cannot see or reserve tasks.</Trans>
          </p>
        </Alert>
      );
    case 'active':
      return (
        <Alert tone="info" role="status" icon="check" iconSize={24} className="onboarding-notice">
          <strong>
            <Trans>Your profile is approved</Trans>
          </strong>
          <p>
            {user.trainingDone ? (
              <Trans>You can reserve tasks in stores near you.</Trans>
            ) : (
              <Trans>You can reserve tasks once the trainings they need are done.</Trans>
            )}
          </p>
        </Alert>
      );
    case 'new':
      return (
        <Alert tone="info" role="status" icon="info" iconSize={24} className="onboarding-notice">
          <p>
            <Trans>
              Finish these steps and send your profile for approval. Until it is approved you cannot see or reserve tasks.
            </Trans>
          </p>
        </Alert>
      );
    case 'deactivated':
      return null;
  }
}
