/**
 * The rows of /trainings: each training's title, whether the tasker completed it, and a 'New'
 * badge within 45 days of its creation; each row links to the training's detail. Status and
 * badge are words, never colour only.
 */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { Training } from '#domain/types';
import { Icon } from '#ui/Icon';
import { isTrainingNew } from './trainings';

export function TrainingStatus({ training }: { training: Pick<Training, 'doneAt'> }) {
  return training.doneAt ? (
    <span className="training-status training-status--done">
      <Icon name="check" size={16} />
      <Trans>Completed</Trans>
    </span>
  ) : (
    <span className="training-status training-status--todo">
      <Icon name="clock" size={16} />
      <Trans>Not completed</Trans>
    </span>
  );
}

export function TrainingBadges({ training, now }: { training: Pick<Training, 'createdAt' | 'isRequired' | 'ndaProtected'>; now: Date }) {
  const isNew = isTrainingNew(training, now);
  if (!isNew && !training.isRequired && !training.ndaProtected) return null;
  return (
    <span className="training-badges">
      {isNew && (
        <span className="training-badge training-badge--new">
          <Trans context="training">New</Trans>
        </span>
      )}
      {training.isRequired && (
        <span className="training-badge training-badge--required">
          <Trans>Required</Trans>
        </span>
      )}
      {training.ndaProtected && (
        <span className="training-badge training-badge--nda">
          <Icon name="lock" size={12} />
          <Trans>Confidential</Trans>
        </span>
      )}
    </span>
  );
}

export function TrainingList({ trainings, now }: { trainings: readonly Training[]; now: Date }) {
  return (
    <ul className="training-list">
      {trainings.map((training) => (
        <li key={training.id}>
          <Link className="training-row" to={`/trainings/${encodeURIComponent(training.id)}`}>
            <Icon name="school" className="training-row__icon" />
            <span className="training-row__text">
              <span className="training-row__title">{training.title}</span>
              <TrainingBadges training={training} now={now} />
              <TrainingStatus training={training} />
            </span>
            <Icon name="chevron" size={20} className="training-row__chevron" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
