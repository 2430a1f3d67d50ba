/** One mission in the list: circular progress, title (truncated with 'see more'), reward and state, objectives; opens the detail. */
import { Trans } from '@lingui/react/macro';
import type { Mission } from '#domain/missions';
import { MissionFacts, useMissionTitle } from './MissionFacts';
import { MissionObjectives } from './MissionObjectives';
import { MissionProgressRing } from './MissionProgressRing';
import { MissionTitle } from './MissionTitle';

export function MissionCard({ mission, itemNames, onOpen }: { mission: Mission; itemNames: Record<string, string>; onOpen: (id: string) => void }) {
  const title = useMissionTitle(mission);
  const state = mission.isActive ? 'active' : mission.isCompleted ? 'completed' : mission.isExpired ? 'expired' : 'other';
  return (
    <article className={`card mission-card mission-card--${state}`} data-mission-id={mission.id}>
      <div className="mission-card__head">
        <MissionProgressRing completed={mission.completedPercentage} candidate={mission.candidatePercentage} />
        <div className="mission-card__heading">
          <MissionTitle title={title} />
          <MissionFacts mission={mission} />
        </div>
      </div>
      <MissionObjectives objectives={mission.objectives} itemNames={itemNames} />
      <button type="button" className="btn btn-text mission-card__open" onClick={() => onOpen(mission.id)}>
        <Trans>Details</Trans>
      </button>
    </article>
  );
}
