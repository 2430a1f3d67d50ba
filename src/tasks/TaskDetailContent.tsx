/**
 * The body of the task detail once the task is in the mirror: a header (status, type, title,
 * reward, freshness) and the sections of the task's status (spec section 2).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { SyncMeta, TaskRow } from '#db/schema';
import { isTaskTypeNew } from '#domain/tasks';
import type { ReservationLimit, TaskStatus, Training, User } from '#domain/types';
import { formatMoney } from '../i18n/format';
import { AvailableTaskSections } from './AvailableTaskSections';
import { FreshnessLine } from '../shared/FreshnessLine';
import { InProgressTaskSections } from './InProgressTaskSections';
import { shownReward } from './historicalTask';
import { HistoricalTaskSections, isHistoricalStatus } from './HistoricalTaskSections';
import { ReservedTaskSections } from './ReservedTaskSections';
import { useTaskDetailSlots } from './slots';
import { placeDistance, useDevicePosition } from './useDevicePosition';
import { useNow } from '../shared/useNow';

export interface TaskDetailContentProps {
  task: TaskRow;
  user: User | null;
  /** undefined while still being read. */
  trainings: Training[] | undefined;
  meta: SyncMeta | null | undefined;
  limit?: ReservationLimit | null;
}

export function TaskDetailContent({ task, user, trainings, meta, limit }: TaskDetailContentProps) {
  const { t, i18n } = useLingui();
  const { FinishedTaskSyncStatus } = useTaskDetailSlots();
  const now = useNow(60_000);
  // Distance from the last position this session knows (the start flow's reading included), the
  // one the start dialog measures from; none without a position (the server's place.distance was
  // measured from whatever position its list pull had, and showed "0 m" beside the dialog's 5.2 km).
  // The detail never prompts for location.
  const { position } = useDevicePosition();
  const distance = placeDistance(position, task.place.coordinates);
  const isNew = isTaskTypeNew(task.taskType, now);
  // A reduced reward is shown only for accepted or rejected tasks (spec section 4).
  const { reward, reduced } = shownReward(task);

  const statusLabels: Record<TaskStatus, string> = {
    available: t`Available`,
    reserved: t`Reserved`,
    in_progress: t`In progress`,
    awaiting_confirmation: t`Awaiting confirmation`,
    accepted: t`Accepted`,
    rejected: t`Rejected`,
    expired: t`Expired`,
  };

  return (
    <article className="task-detail">
      <header className="task-detail__hero">
        <div className="task-detail__eyebrow">
          <span className={`status-pill status-pill--${task.status}`}>{statusLabels[task.status]}</span>
          <span className="task-detail__type">{task.taskType.title}</span>
          {isNew && (
            <span className="task-badge task-badge--new">
              <Trans>New</Trans>
            </span>
          )}
        </div>
        <h1 className="task-detail__title">{task.title}</h1>
        <p className="task-detail__reward">
          {reduced ? (
            <>
              <s className="task-detail__reward-was">{formatMoney(reward, i18n.locale)}</s> {formatMoney(reduced, i18n.locale)}
            </>
          ) : (
            formatMoney(reward, i18n.locale)
          )}
        </p>
        <FreshnessLine meta={meta} showingSavedData />
      </header>

      {task.status === 'available' ? (
        <AvailableTaskSections task={task} user={user} trainings={trainings} distance={distance} limit={limit} />
      ) : task.status === 'reserved' ? (
        <ReservedTaskSections task={task} user={user} distance={distance} now={now} />
      ) : task.status === 'in_progress' ? (
        <InProgressTaskSections task={task} user={user} distance={distance} />
      ) : isHistoricalStatus(task.status) ? (
        <>
          {/* A completion queued offline: the tasker sees it has not reached the server yet. */}
          <FinishedTaskSyncStatus taskId={task.id} />
          <HistoricalTaskSections task={task} distance={distance} />
        </>
      ) : null}
    </article>
  );
}
