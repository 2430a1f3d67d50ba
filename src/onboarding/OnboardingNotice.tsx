/** The account-state notice above the stepper: awaiting approval, rejected (reasons + comment), approved. */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { User } from '../domain/types';
import { Icon } from '../ui/Icon';
import { useRejectionReasonText } from './useRejectionReasonText';

export interface OnboardingNoticeProps {
  user: User;
}

export function OnboardingNotice({ user }: OnboardingNoticeProps) {
  const reasonText = useRejectionReasonText();
  switch (user.status) {
    case 'awaiting_approval':
      return (
        <div className="alert alert-warning onboarding-notice" role="status">
          <Icon name="clock" className="onboarding-notice-icon" />
          <div>
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
          </div>
        </div>
      );
    case 'rejected':
      return (
        <div className="alert alert-error onboarding-notice" role="alert">
          <Icon name="warning" className="onboarding-notice-icon" />
          <div>
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
          </div>
        </div>
      );
    case 'active':
      return (
        <div className="alert alert-info onboarding-notice" role="status">
          <Icon name="check" className="onboarding-notice-icon" />
          <div>
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
          </div>
        </div>
      );
    case 'new':
      return (
        <div className="alert alert-info onboarding-notice" role="status">
          <Icon name="info" className="onboarding-notice-icon" />
          <div>
            <p>
              <Trans>
                Finish these steps and send your profile for approval. Until it is approved you cannot see or reserve tasks.
              </Trans>
            </p>
          </div>
        </div>
      );
    case 'deactivated':
      return null;
  }
}
