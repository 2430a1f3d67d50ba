/** A mission's detail popup (spec section 2): progress, reward, state, description and objectives. */
import { Trans } from '@lingui/react/macro';
import type { Mission } from '#domain/missions';
import { Dialog } from '#ui/Dialog';
import { MissionFacts, useMissionTitle } from './MissionFacts';
import { MissionObjectives } from './MissionObjectives';
import { MissionProgressRing } from './MissionProgressRing';

export function MissionDetailDialog({ mission, itemNames, onClose }: { mission: Mission; itemNames: Record<string, string>; onClose: () => void }) {
  const title = useMissionTitle(mission);
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      actions={
        <button type="button" className="btn" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      }
    >
      <div className="mission-detail">
        <div className="mission-detail__head">
          <MissionProgressRing completed={mission.completedPercentage} candidate={mission.candidatePercentage} size={72} />
          <MissionFacts mission={mission} />
        </div>
        {title !== mission.name ? <p className="mission-detail__name">{mission.name}</p> : null}
        {mission.description.trim() ? <p className="mission-detail__description">{mission.description}</p> : null}
        <MissionObjectives objectives={mission.objectives} itemNames={itemNames} />
      </div>
    </Dialog>
  );
}
