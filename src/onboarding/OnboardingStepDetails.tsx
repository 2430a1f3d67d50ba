/**
 * What an opened onboarding step says and offers: the payment documents form (LT certificate, or
 * the fleet partner elsewhere), the way into the profile wizard, the trainings, the first task.
 * The payment form is loaded on demand (Formik and Yup stay out of the first screen's bundle), and
 * a change still waiting on the phone says so.
 */
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { User } from '#domain/types';
import type { OnboardingStep } from '#domain/users';
import { canSeeTasks } from '#domain/users';
import { Spinner } from '#ui/Spinner';
import { PendingChange } from './PendingChange';

const PaymentDocumentsForm = lazy(async () => ({ default: (await import('./PaymentDocumentsForm')).PaymentDocumentsForm }));

export interface OnboardingStepDetailsProps {
  step: OnboardingStep;
  user: User;
}

export function OnboardingStepDetails({ step, user }: OnboardingStepDetailsProps) {
  switch (step.id) {
    case 'create_account':
      return (
        <p>
          <Trans>
            Your account is created with <strong>{user.email}</strong>. You log in with a code we send to this email.
          </Trans>
        </p>
      );
    case 'payment_documents': {
      const redo = user.status === 'rejected' && user.rejectionReasons.includes('paymentDocuments');
      return (
        <>
          {user.countryCode === 'LT' ? (
            <p>
              {step.complete && !redo ? (
                <Trans>Your individual activity certificate with the activity code 829900 is saved.</Trans>
              ) : (
                <Trans>
                  To be paid in Lithuania you need an individual activity certificate with the activity code 829900. Add a photo of it
                  here.
                </Trans>
              )}
            </p>
          ) : (
            <p>
              {step.complete && !redo ? (
                <Trans>You registered with a fleet partner.</Trans>
              ) : (
                <Trans>To be paid you register with one of our fleet partners on their website, then tell us which one.</Trans>
              )}
            </p>
          )}
          <PendingChange kind="payment-documents" />
          {step.complete && !redo ? null : (
            <Suspense fallback={<Spinner />}>
              <PaymentDocumentsForm user={user} />
            </Suspense>
          )}
        </>
      );
    }
    case 'profile':
      return (
        <>
          {/* The wizard's parts (src/domain/profile.ts profileSteps): the referral code only while the account is new. */}
          <p>
            {user.countryCode === 'LT' ? (
              user.isNew ? (
                <Trans>Five short parts: referral code, contact details, personal details, business details and billing.</Trans>
              ) : (
                <Trans>Four short parts: contact details, personal details, business details and billing.</Trans>
              )
            ) : user.isNew ? (
              <Trans>Three short parts: referral code, contact details, and personal details with how you get paid.</Trans>
            ) : (
              <Trans>Two short parts: contact details, and personal details with how you get paid.</Trans>
            )}
          </p>
          <p className="muted">
            {/* PL asks no IBAN (paid through the fleet partner; isIbanHidden of src/domain/profile.ts,
                not imported here: it brings the phone and ID libraries). */}
            {user.countryCode === 'PL' ? (
              <Trans>You will need your phone number, address, and national ID with a photo of your ID document.</Trans>
            ) : (
              <Trans>You will need your phone number, address, national ID with a photo of your ID document, and your bank account (IBAN).</Trans>
            )}
          </p>
          {user.status === 'rejected' && user.rejectionReasons.length > 0 ? (
            <p>
              <Trans>Correct the details our team listed above, then send your profile again.</Trans>
            </p>
          ) : null}
          <PendingChange kind="save-profile" />
          <div className="onboarding-step-actions">
            <Link to="/onboarding/profile-edit" className={step.complete && user.status !== 'rejected' ? 'btn btn-secondary' : 'btn'}>
              {user.status === 'rejected' && user.rejectionReasons.length > 0 ? (
                <Trans>Correct profile</Trans>
              ) : step.complete ? (
                <Trans>Edit profile</Trans>
              ) : (
                <Trans>Fill in profile</Trans>
              )}
            </Link>
          </div>
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
