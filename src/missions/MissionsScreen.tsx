/**
 * /missions (spec section 2): the tasker's missions sorted as section 4 says (active, completed,
 * expired, other; those with an expiry first; then by progress), each with its circular progress
 * and objectives; a detail popup (`?missionId=` opens it, e.g. from a 'mission assigned'
 * notification; one the tasker does not have says so: 'missing mission', section 8). From the
 * mirror, with how old the list is; the worker pulls the list as the screen opens.
 */
import { Trans } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { Alert } from '#ui/Alert';
import { Icon } from '#ui/Icon';
import { Spinner } from '#ui/Spinner';
import { FreshnessLine } from '../shared/FreshnessLine';
import { MissionCard } from './MissionCard';
import { MissionDetailDialog } from './MissionDetailDialog';
import { useMissions } from './queries';
import './missions.css';

export function MissionsScreen() {
  const view = useMissions();
  const [params, setParams] = useSearchParams();
  const openId = params.get('missionId');
  const setOpen = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('missionId', id);
        else next.delete('missionId');
        return next;
      },
      { replace: id === null },
    );

  if (view === undefined) return <Spinner />;
  const { missions, meta, itemNames } = view;
  const open = openId && missions ? (missions.find((m) => m.id === openId) ?? null) : null;
  const missing = openId !== null && missions !== null && open === null;

  return (
    <div className="missions-screen page">
      <FreshnessLine meta={meta} showingSavedData={missions !== null} />
      {missing ? (
        <Alert tone="warning" role="alert" icon="warning" onDismiss={() => setOpen(null)}>
          <Trans>This mission is not available any more.</Trans>
        </Alert>
      ) : null}
      {missions === null ? (
        meta?.error ? null : (
          <Spinner />
        )
      ) : missions.length === 0 ? (
        <div className="missions-empty">
          <Icon name="steps" size={40} />
          <p>
            <Trans>You have no missions yet. When staff give you a mission, it shows here with its bonus.</Trans>
          </p>
        </div>
      ) : (
        <ul className="missions-list">
          {missions.map((m) => (
            <li key={m.id}>
              <MissionCard mission={m} itemNames={itemNames} onOpen={setOpen} />
            </li>
          ))}
        </ul>
      )}
      {open ? <MissionDetailDialog mission={open} itemNames={itemNames} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
