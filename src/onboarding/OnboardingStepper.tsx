/**
 * The six onboarding steps as an accordion. A step can be opened only if it is complete or comes
 * right after the last complete one (onboardingState decides); the opening step starts expanded.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { User } from '#domain/types';
import type { OnboardingState, OnboardingStep, OnboardingStepId } from '#domain/users';
import { Icon } from '#ui/Icon';
import { OnboardingStepDetails } from './OnboardingStepDetails';

export interface OnboardingStepperProps {
  user: User;
  state: OnboardingState;
}

export function OnboardingStepper({ user, state }: OnboardingStepperProps) {
  const { t } = useLingui();
  const baseId = useId();
  const [expanded, setExpanded] = useState<OnboardingStepId | null>(state.openStep);

  const titles: Record<OnboardingStepId, string> = {
    create_account: t`Create account`,
    payment_documents: t`Payment documents`,
    profile: t`Fill in profile and payment info`,
    approval: t`Profile approval`,
    trainings: t`Trainings`,
    first_task: t`First task`,
  };

  function statusOf(step: OnboardingStep): { label: string; tone: 'done' | 'todo' | 'waiting' | 'error' | 'locked' } {
    if (step.id === 'approval' && !step.complete) {
      if (user.status === 'awaiting_approval') return { label: t`Waiting for review`, tone: 'waiting' };
      if (user.status === 'rejected') return { label: t`Not approved`, tone: 'error' };
    }
    if (step.id === 'profile' && user.status === 'rejected' && user.rejectionReasons.length > 0) {
      return { label: t`Needs changes`, tone: 'error' };
    }
    if (step.complete) return { label: t`Done`, tone: 'done' };
    if (step.clickable) return { label: t`To do`, tone: 'todo' };
    return { label: t`Not available yet`, tone: 'locked' };
  }

  return (
    <ol className="onboarding-steps">
      {state.steps.map((step, index) => {
        const status = statusOf(step);
        const isOpen = expanded === step.id;
        const panelId = `${baseId}-${step.id}`;
        const marker = (
          <span className={`onboarding-marker onboarding-marker-${status.tone}`} aria-hidden="true">
            {status.tone === 'done' ? <Icon name="check" /> : status.tone === 'locked' ? <Icon name="lock" /> : index + 1}
          </span>
        );
        const text = (
          <span className="onboarding-step-text">
            <span className="onboarding-step-title">{titles[step.id]}</span>
            <span className={`onboarding-step-status onboarding-status-${status.tone}`}>{status.label}</span>
          </span>
        );
        return (
          <li key={step.id} className={`onboarding-step${isOpen ? ' is-open' : ''}${step.clickable ? '' : ' is-disabled'}`}>
            {step.clickable ? (
              <button
                type="button"
                className="onboarding-step-header"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setExpanded(isOpen ? null : step.id)}
              >
                {marker}
                {text}
                <Icon name="chevron" className="onboarding-chevron" />
              </button>
            ) : (
              <div className="onboarding-step-header" aria-disabled="true">
                {marker}
                {text}
              </div>
            )}
            {isOpen ? (
              <div id={panelId} className="onboarding-step-panel" role="region" aria-label={titles[step.id]}>
                <OnboardingStepDetails step={step} user={user} />
              </div>
            ) : null}
          </li>
        );
      })}
      <li className="visually-hidden">
        <Trans>Steps that are not available yet open after the step before them is done.</Trans>
      </li>
    </ol>
  );
}
