/**
 * What an opened onboarding step needs. The forms themselves (payment documents, profile wizard,
 * trainings) are built in a later issue: the panel says so honestly instead of showing a fake form.
 */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { User } from '#domain/types';
import type { OnboardingStep } from '#domain/users';
import { canSeeTasks } from '#domain/users';

export interface OnboardingStepDetailsProps {
  step: OnboardingStep;
  user: User;
}

export function OnboardingStepDetails({ step, user }: OnboardingStepDetailsProps) {
  const formLater = (
    <p className="onboarding-later">
      <Trans>The form for this step comes in the next update of the app.</Trans>
    </p>
  );
  switch (step.id) {
    case 'create_account':
      return (
        <p>
          <Trans>
            Your account is created with <strong>{user.email}</strong>. You log in with a code we send to this email.
          </Trans>
        </p>
      );
    case 'payment_documents':
      return (
        <>
          {user.countryCode === 'LT' ? (
            <p>
              <Trans>
                To be paid in Lithuania you need an individual activity certificate with the activity code 829900. You will upload
                its number here.
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>To be paid you register with one of our fleet partners. You will choose the partner here.</Trans>
            </p>
          )}
          {step.complete ? null : formLater}
        </>
      );
    case 'profile':
      return (
        <>
          {user.countryCode === 'LT' ? (
            <p>
              <Trans>Five short parts: referral code, contact details, personal details, business details and billing.</Trans>
            </p>
          ) : (
            <p>
              <Trans>Three short parts: your contact details, personal details and how you get paid.</Trans>
            </p>
          )}
          <p className="muted">
            <Trans>You will need your phone number, address, national ID with a photo of your ID document, and your bank account (IBAN).</Trans>
          </p>
          {user.status === 'rejected' && user.rejectionReasons.length > 0 ? (
            <p>
              <Trans>Correct the details our team listed above, then send your profile again.</Trans>
            </p>
          ) : null}
          {step.complete && user.status !== 'rejected' ? null : formLater}
        </>
      );
    case 'approval':
      if (step.complete) {
        return (
          <p>
            <Trans>Your profile is approved.</Trans>
          </p>
        );
      }
      if (user.status === 'awaiting_approval') {
        return (
          <p>
            <Trans>Our team is checking your profile. There is nothing to do now; we will let you know.</Trans>
          </p>
        );
      }
      if (user.status === 'rejected') {
        return (
          <p>
            <Trans>Please correct the details listed above and send your profile again.</Trans>
          </p>
        );
      }
      return (
        <p>
          <Trans>When your profile and payment info are filled in, our team checks them and approves your profile.</Trans>
        </p>
      );
    case 'trainings':
      return (
        <>
          <p>
            <Trans>Short trainings show how to do each kind of task well. Tasks that need a training stay locked until it is done.</Trans>
          </p>
          {step.complete ? null : (
            <Link to="/trainings" className="btn btn-secondary">
              <Trans>Open trainings</Trans>
            </Link>
          )}
        </>
      );
    case 'first_task':
      return (
        <>
          <p>
            {step.complete ? (
              <Trans>You have done your first task. Well done!</Trans>
            ) : (
              <Trans>Reserve a task in a store near you, do it and send it for review.</Trans>
            )}
          </p>
          {!step.complete && step.clickable && canSeeTasks(user) ? (
            <Link to="/reservable" className="btn">
              <Trans>Find a task</Trans>
            </Link>
          ) : null}
        </>
      );
  }
}
