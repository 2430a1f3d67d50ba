/**
 * One training's content on /trainings/{trainingId}: title, badges, status, and the button that
 * opens its material in a new window (`noopener`: the material's page gets no handle on the
 * app). NDA-protected material is only for approved taskers (spec section 6); others are told
 * why instead of getting a dead button.
 */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { Training, User } from '#domain/types';
import { Alert } from '#ui/Alert';
import { Icon } from '#ui/Icon';
import { TrainingBadges, TrainingStatus } from './TrainingList';
import { trainingAccess } from './trainings';

export interface TrainingDetailProps {
  training: Training;
  /** null while the profile is not in the mirror (treated as not approved). */
  user: Pick<User, 'isApproved'> | null;
  now: Date;
}

export function TrainingDetail({ training, user, now }: TrainingDetailProps) {
  const access = trainingAccess(training, user);
  return (
    <article className="card training-detail">
      <h2 className="training-detail__title">{training.title}</h2>
      <TrainingBadges training={training} now={now} />
      <TrainingStatus training={training} />
      {!training.doneAt && (
        <p className="training-detail__hint muted">
          <Trans>After you finish the training, Shelfwork marks it completed. It shows here with the next update.</Trans>
        </p>
      )}
      {access.kind === 'open' && (
        <a className="btn btn-block training-detail__open" href={access.href} target="_blank" rel="noopener noreferrer">
          <Trans>Open the training</Trans>
          <Icon name="external" size={18} />
        </a>
      )}
      {access.kind === 'approvalNeeded' && (
        <Alert tone="info" role="note" icon="lock" as="div">
          <p className="training-detail__why">
            <Trans>This training is confidential. You can open it once your profile is approved.</Trans>
          </p>
          <Link to="/onboarding" className="btn btn-text training-detail__onboarding">
            <Trans>See your onboarding steps</Trans>
          </Link>
        </Alert>
      )}
      {access.kind === 'unavailable' && (
        <Alert tone="warning" role="note" icon="warning">
          <Trans>The material of this training is not available right now. Please try again later.</Trans>
        </Alert>
      )}
    </article>
  );
}
