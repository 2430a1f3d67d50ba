/**
 * The working part of the in-progress task view: the task pack's status, the sync
 * status of the task, the checklist, the photos taken so far and the finish actions. Everything
 * renders from the mirror, so the task can be done with the network off.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { TaskRow } from '#db/schema';
import { useChecklist, usePhotos, useScannedItems, useTaskDefects, useTaskPack } from './queries';
import { useTaskOutbox } from '../sync/hooks';
import { Spinner } from '#ui/Spinner';
import { cameraPath, effectiveDoneIds, executionPath, type ChecklistEvidence } from './checklist';
import { ChecklistSection } from './ChecklistSection';
import { FinishActions } from './FinishActions';
import { recordCategory } from './syncStatus';
import { TaskPackStatus } from './TaskPackStatus';
import { TaskSyncStatus } from './TaskSyncStatus';
import { useRouteExists } from './useRouteExists';
import '../ui/workPage.css';
import './execution.css';

export function TaskExecutionSections({ task }: { task: TaskRow }) {
  const { t } = useLingui();
  const taskId = task.id;
  const items = useChecklist(taskId);
  const photos = usePhotos(taskId);
  const scans = useScannedItems(taskId);
  const defects = useTaskDefects(taskId);
  const records = useTaskOutbox(taskId);
  const pack = useTaskPack(taskId);
  const scannerReady = useRouteExists(executionPath(taskId, 'skus'));

  if (items === undefined || photos === undefined || scans === undefined || defects === undefined || records === undefined) return <Spinner />;

  // Without a scanner screen a scanner item cannot be auto-ticked by scans: the tasker ticks it.
  const shownItems = scannerReady ? items : items.map((item) => (item.type === 'scanner' ? { ...item, metadata: { ...item.metadata, isAutoToggle: false } } : item));
  const evidence: ChecklistEvidence = {
    photoTags: photos.map((p) => p.tags),
    scanCount: scans.length,
    loggedDefectCount: defects.filter((d) => d.checked).length,
  };
  const parts = pack?.parts ?? {};
  const evidenceReady = Boolean(parts.photos && parts.scannedItems && parts.taskDefects);
  const doneIds = effectiveDoneIds(shownItems, evidence);
  const rejected = records.filter((r) => r.state === 'rejected');
  const photoCount = photos.length;
  const completing = records.some((r) => r.state !== 'rejected' && recordCategory(r) === 'complete');

  return (
    <>
      <section className="card exec-section">
        <TaskPackStatus taskId={taskId} />
      </section>
      <TaskSyncStatus records={records} photos={photos} />
      <ChecklistSection taskId={taskId} items={shownItems} evidence={evidence} evidenceReady={evidenceReady} />
      {photos.length > 0 ? (
        <Link className="card detail-link" to={`${cameraPath(taskId, [], t`Photos`)}&isReviewMode=true`}>
          <span>
            <Trans>Photos taken: {photoCount}</Trans>
          </span>
        </Link>
      ) : null}
      <FinishActions taskId={taskId} items={shownItems} doneIds={doneIds} rejected={rejected} completing={completing} />
    </>
  );
}
