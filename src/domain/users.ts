/**
 * What a tasker may see and do given their account state (spec sections 4 and 6), and the
 * onboarding stepper's rules. Pure.
 */
import type { FieldErrorCode } from './errors';
import type { User, UserStatus } from './types';

/** New, rejected and deactivated users cannot see tasks; awaiting approval sees them locked. */
export function canSeeTasks(user: Pick<User, 'status'>): boolean {
  return user.status === 'active' || user.status === 'awaiting_approval';
}

/**
 * The statuses in which a tasker still chooses their market themselves (spec section 4): before
 * approval. Once approved (active, or deactivated after it) the market — and with it the currency
 * of their work and payouts — is staff's decision only.
 */
export const COUNTRY_CHOOSABLE_STATUSES: readonly UserStatus[] = ['new', 'awaiting_approval', 'rejected'];

/** True when the tasker can no longer change their market themselves. */
export function isCountryLocked(user: { status: UserStatus | string }): boolean {
  return !(COUNTRY_CHOOSABLE_STATUSES as readonly string[]).includes(user.status);
}

/**
 * The field code of a tasker's own market change (POST user's countryCode, POST
 * user/set-country, the wizard's country field): LOCKED after approval; null when allowed or when
 * `next` is the current market (case-insensitive: sending it unchanged is no change).
 */
export function countryChangeError(user: { status: UserStatus | string }, current: string | null, next: string): FieldErrorCode | null {
  if (current !== null && current.toUpperCase() === next.toUpperCase()) return null;
  return isCountryLocked(user) ? 'LOCKED' : null;
}

export const ONBOARDING_STEPS = [
  'create_account',
  'payment_documents',
  'profile',
  'approval',
  'trainings',
  'first_task',
] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingStep {
  id: OnboardingStepId;
  complete: boolean;
  clickable: boolean;
}

export interface OnboardingState {
  steps: OnboardingStep[];
  /** The step the stepper opens at. */
  openStep: OnboardingStepId;
  /** Approved, training done and at least one historical task. */
  complete: boolean;
}

type OnboardingUser = Pick<
  User,
  'status' | 'isNew' | 'isApproved' | 'trainingDone' | 'paymentDocumentsDone' | 'profileComplete' | 'historicalTaskCount' | 'rejectionReasons'
>;

export function onboardingState(user: OnboardingUser): OnboardingState {
  const completeById: Record<OnboardingStepId, boolean> = {
    // The account exists once the tasker can see this screen; the step stays open to new users only.
    create_account: true,
    payment_documents: user.paymentDocumentsDone,
    profile: user.profileComplete,
    approval: user.isApproved,
    trainings: user.trainingDone,
    first_task: user.historicalTaskCount > 0,
  };
  let lastCompleteIndex = -1;
  ONBOARDING_STEPS.forEach((id, i) => {
    if (completeById[id]) lastCompleteIndex = Math.max(lastCompleteIndex, i);
  });
  const steps = ONBOARDING_STEPS.map((id, i): OnboardingStep => {
    let clickable = completeById[id] || i === lastCompleteIndex + 1;
    if (id === 'create_account') clickable = clickable && user.isNew;
    if (id === 'first_task') clickable = clickable && user.isApproved && user.trainingDone;
    return { id, complete: completeById[id], clickable };
  });

  let openStep: OnboardingStepId;
  const reviewed = user.status === 'awaiting_approval' || user.status === 'rejected' || user.status === 'active';
  if (reviewed) {
    openStep = user.rejectionReasons.length > 0 ? 'profile' : 'first_task';
  } else {
    openStep = ONBOARDING_STEPS.find((id) => !completeById[id]) ?? 'first_task';
  }
  return {
    steps,
    openStep,
    complete: user.isApproved && user.trainingDone && user.historicalTaskCount > 0,
  };
}
