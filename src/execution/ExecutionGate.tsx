/**
 * What an execution screen shows before its task can be worked on: reading the mirror, a task
 * this device does not have, or a task that is not in progress (finished, expired, not started).
 */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { TaskRow } from '#db/schema';
import { Alert } from '#ui/Alert';
import { Spinner } from '#ui/Spinner';
import '../ui/workPage.css';

export function ExecutionGate({ task, taskId }: { task: TaskRow | null | undefined; taskId: string }) {
  if (task === undefined) return <Spinner />;
  return (
    <div className="exec-page">
      <Alert tone="info" role="status">
        {task === null ? <Trans>This task is not on this device. Open it once with a connection.</Trans> : <Trans>This task is not in progress.</Trans>}
      </Alert>
      <Link className="btn btn-secondary" to={`/task/${encodeURIComponent(taskId)}`}>
        <Trans>Open the task</Trans>
      </Link>
    </div>
  );
}
