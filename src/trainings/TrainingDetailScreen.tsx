/**
 * /trainings/{trainingId} (spec section 2): the training from the mirror, or — when the mirror
 * holds a pulled list without it — back to /trainings with 'Training not found'. The decision is
 * trainingRoute() in ./trainings.ts.
 */
import { Trans } from '@lingui/react/macro';
import { Navigate, useParams } from 'react-router';
import { Spinner } from '#ui/Spinner';
import { useUser } from '../auth';
import { useTrainings } from '../tasks';
import { useSyncMeta } from '../sync/hooks';
import { FreshnessLine } from '../shared/FreshnessLine';
import { useNow } from '../shared/useNow';
import { TrainingDetail } from './TrainingDetail';
import { trainingRoute, type TrainingsLocationState } from './trainings';
import './trainings.css';

export function TrainingDetailScreen() {
  const { trainingId = '' } = useParams<{ trainingId: string }>();
  const trainings = useTrainings();
  const meta = useSyncMeta('trainings');
  const user = useUser();
  const now = useNow(60_000);
  const route = trainingRoute(trainingId, trainings, meta);

  switch (route.kind) {
    case 'loading':
      return (
        <Spinner>
          <Trans>Loading the training…</Trans>
        </Spinner>
      );
    case 'notFound':
      return <Navigate to="/trainings" replace state={{ notice: 'TRAINING_NOT_FOUND' } satisfies TrainingsLocationState} />;
    case 'unknown':
      // Never downloaded and the download failed: the list says so (could not load).
      return <Navigate to="/trainings" replace />;
    case 'render':
      return (
        <div className="trainings-screen">
          <FreshnessLine meta={meta} showingSavedData />
          <TrainingDetail training={route.training} user={user ?? null} now={now} />
        </div>
      );
  }
}
