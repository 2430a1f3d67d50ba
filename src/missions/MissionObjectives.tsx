/**
 * A mission's objectives: what counts (accepted tasks of some task types, or trainings done), how
 * many so far of the target, done or waiting for confirmation. `maxHeight` scrolls a long list
 * (the widget's list is at most 180 px tall, spec section 9).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { MissionObjective } from '#domain/missions';
import { Icon } from '#ui/Icon';

export function MissionObjectives({ objectives, itemNames, className }: { objectives: readonly MissionObjective[]; itemNames: Record<string, string>; className?: string }) {
  const { t } = useLingui();
  return (
    <ul className={['mission-objectives', className].filter(Boolean).join(' ')} aria-label={t`Objectives`}>
      {objectives.map((o) => {
        const names = o.allowedItems.map((id) => itemNames[id]).filter((n): n is string => !!n);
        const count = o.count;
        const target = o.target;
        const state = o.isCompleted ? 'done' : o.isCandidate ? 'candidate' : 'open';
        return (
          <li key={o.id} className={`mission-objective mission-objective--${state}`}>
            <span className="mission-objective__mark" aria-hidden="true">
              {o.isCompleted ? <Icon name="check" size={16} /> : null}
            </span>
            <span className="mission-objective__text">
              <span className="mission-objective__what">
                {o.contentType === 'training' ? <Trans>Trainings done: {count} of {target}</Trans> : <Trans>Accepted tasks: {count} of {target}</Trans>}
              </span>
              {names.length > 0 ? <span className="mission-objective__items muted">{names.join(', ')}</span> : null}
              {o.isCompleted ? (
                <span className="visually-hidden">
                  <Trans>Done</Trans>
                </span>
              ) : o.isCandidate ? (
                <span className="mission-objective__candidate">
                  <Trans>Done once your work awaiting confirmation is accepted</Trans>
                </span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
