/** The words of the notice a task list shows when the task detail sent the tasker back (routes.ts). */
import { Trans, useLingui } from '@lingui/react/macro';
import { REFUSAL_WORDS } from '#domain/errorWords';
import type { TaskListNotice } from './routes';

export function TaskListNoticeText({ notice }: { notice: TaskListNotice }) {
  const { i18n } = useLingui();
  if (notice === 'TASK_NOT_FOUND') return <Trans>Task not found</Trans>;
  // The server's own words for another tasker's reservation (already in the catalogs).
  if (notice === 'TASK_NO_LONGER_AVAILABLE') return <>{i18n._(REFUSAL_WORDS.TASK_NO_LONGER_AVAILABLE)}</>;
  return <Trans>This content is not available</Trans>;
}
