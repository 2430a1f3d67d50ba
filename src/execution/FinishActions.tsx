/**
 * The end of the in-progress view (spec sections 2 and 4): the finish button (completion when
 * every required item is done, incompletion otherwise), 'Cannot be completed' when the checklist
 * has defect-type items, and 'There was an error, but you can finish anyway' when the server
 * refused some records yet the task can still be finished (spec section 8).
 */
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { ChecklistItemRow, OutboxRecord } from '#db/schema';
import { Alert } from '#ui/Alert';
import { canReportBlocked, executionPath, finishPath, remainingRequiredCount } from './checklist';
import { canFinishDespiteRejections } from './syncStatus';

export interface FinishActionsProps {
  taskId: string;
  items: readonly ChecklistItemRow[];
  doneIds: readonly string[];
  rejected: readonly OutboxRecord[];
  /** A completion is already queued for this task. */
  completing: boolean;
}

export function FinishActions({ taskId, items, doneIds, rejected, completing }: FinishActionsProps) {
  const remaining = remainingRequiredCount(items, doneIds);
  if (completing) {
    return (
      <Alert tone="info" role="status">
        <Trans>This task is finished on this device and will be sent when there is a connection.</Trans>
      </Alert>
    );
  }
  return (
    <section className="finish-actions">
      {canFinishDespiteRejections(rejected) ? (
        <Alert tone="warning" role="note">
          <Trans>There was an error, but you can finish anyway</Trans>
        </Alert>
      ) : null}
      {remaining > 0 ? (
        <p className="muted exec-required">
          <Plural value={remaining} one="# required item is not done yet." other="# required items are not done yet." />
        </p>
      ) : null}
      <Link className="btn btn-block" to={finishPath(taskId, items, doneIds)}>
        <Trans>Finish task</Trans>
      </Link>
      {canReportBlocked(items) ? (
        <Link className="btn btn-secondary btn-block" to={executionPath(taskId, 'blockers')}>
          <Trans>Cannot be completed</Trans>
        </Link>
      ) : null}
    </section>
  );
}
