/**
 * /trainings (spec section 2): the tasker's trainings from the mirror (the sync worker pulls
 * GET training every few minutes), each with its status and 'New' badge, and how old the list
 * is. Every signed-in tasker may open it (the drawer shows it always). A detail that found no
 * such training sends the tasker here with 'Training not found'.
 */
import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '#ui/Alert';
import { Icon } from '#ui/Icon';
import { Spinner } from '#ui/Spinner';
import { useSyncMeta } from '../sync/hooks';
import { FreshnessLine } from '../shared/FreshnessLine';
import { useTrainings } from '../tasks';
import { useNow } from '../shared/useNow';
import { TrainingList } from './TrainingList';
import { trainingNoticeFrom, visibleTrainings } from './trainings';
import './trainings.css';

export function TrainingsScreen() {
  const rows = useTrainings();
  const meta = useSyncMeta('trainings');
  const now = useNow(60_000);
  const location = useLocation();
  const navigate = useNavigate();
  const notice = trainingNoticeFrom(location.state);
  const trainings = useMemo(() => (rows ? visibleTrainings(rows) : undefined), [rows]);
  const neverSynced = meta === null || (meta !== undefined && !meta.syncedAt);

  return (
    <div className="trainings-screen">
      {notice && (
        <Alert tone="error" role="alert" icon="warning" onDismiss={() => navigate(location.pathname, { replace: true, state: null })}>
          <Trans>Training not found</Trans>
        </Alert>
      )}
      <FreshnessLine meta={meta} showingSavedData={(trainings?.length ?? 0) > 0} />
      {trainings === undefined || meta === undefined || (trainings.length === 0 && neverSynced && !meta?.error) ? (
        <Spinner>
          <Trans>Loading trainings…</Trans>
        </Spinner>
      ) : trainings.length === 0 ? (
        <div className="trainings-empty" role="status">
          <Icon name="school" size={32} className="trainings-empty__icon" />
          <p className="trainings-empty__title">
            {neverSynced ? <Trans>Trainings are not downloaded yet</Trans> : <Trans>No trainings yet</Trans>}
          </p>
          <p className="trainings-empty__hint">
            {neverSynced ? (
              <Trans>They appear here once the app has been online.</Trans>
            ) : (
              <Trans>When a training is added for your work, it appears here.</Trans>
            )}
          </p>
        </div>
      ) : (
        <TrainingList trainings={trainings} now={now} />
      )}
    </div>
  );
}
