/**
 * /onboarding: the six steps with their real state from onboardingState(user) (spec section 4),
 * the account notices (awaiting approval, rejected with reasons and comment, 'profile not
 * approved'), progress, and how old the account data is.
 */
import { Trans } from '@lingui/react/macro';
import { onboardingState } from '#domain/users';
import { useUser } from '../auth';
import { PendingUserScreen } from '../chrome/PendingUserScreen';
import { useOnline } from '../shared/useOnline';
import { Spinner } from '#ui/Spinner';
import { useSyncMeta } from '../sync/hooks';
import { FreshnessLine } from '../shared/FreshnessLine';
import { OnboardingNotice } from './OnboardingNotice';
import { OnboardingStepper } from './OnboardingStepper';
import './onboarding.css';

export function OnboardingScreen() {
  const user = useUser();
  const online = useOnline();
  const meta = useSyncMeta('user');
  if (user === undefined) return <Spinner />;
  if (user === null) return <PendingUserScreen offline={!online} inline />;

  const state = onboardingState(user);
  const done = state.steps.filter((s) => s.complete).length;
  const total = state.steps.length;
  return (
    <div className="page onboarding">
      <div className="onboarding-intro">
        <h2 className="onboarding-heading">
          {state.complete ? <Trans>You are all set</Trans> : <Trans>Start earning with Shelfwork</Trans>}
        </h2>
        <p className="muted onboarding-progress-text">
          <Trans>
            {done} of {total} steps done
          </Trans>
        </p>
        <div
          className="onboarding-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-hidden="true"
        >
          <span style={{ width: `${(done / total) * 100}%` }} />
        </div>
        <FreshnessLine meta={meta} showingSavedData />
      </div>
      <OnboardingNotice user={user} />
      {/* Re-key on the opening step so a status change (e.g. approval) reopens the right step. */}
      <OnboardingStepper key={state.openStep} user={user} state={state} />
    </div>
  );
}
