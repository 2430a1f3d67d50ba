/**
 * The sync status on a finished task's detail (awaiting confirmation and later): a completion
 * queued offline shows as 'Waiting for signal: the completion', refused records with their
 * message and Retry / Discard. Nothing once everything arrived. Mounted by src/tasks.
 */
import { usePhotos } from './queries';
import { useTaskOutbox } from '../sync/hooks';
import { TaskSyncStatus } from './TaskSyncStatus';
import './execution.css';

export function FinishedTaskSyncStatus({ taskId }: { taskId: string }) {
  const records = useTaskOutbox(taskId);
  const photos = usePhotos(taskId);
  if (!records || !photos) return null;
  return <TaskSyncStatus records={records} photos={photos} hideWhenSaved />;
}
