/**
 * Task detail for a reserved task (spec section 2): a warning while it cannot be started yet,
 * the window, the early/late cancel deadlines in the section 4 deadline colours, and the start
 * and cancel actions (ReservedTaskActions).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TaskRow } from '#db/schema';
import { deadlineColour } from '#domain/tasks';
import type { User } from '#domain/types';
import { formatDateTime, formatMinutes } from '../i18n/format';
import { DetailFacts, type DetailFact } from './DetailFacts';
import { LinkifiedText } from './LinkifiedText';
import { PendingStartNotice } from './PendingStartNotice';
import { PlaceCard } from './PlaceCard';
import { ReservedTaskActions } from './ReservedTaskActions';
import { useTaskDetailSlots } from './slots';
import { Alert } from '#ui/Alert';
import { DetailSection } from '#ui/DetailSection';
import { Icon } from '#ui/Icon';

export interface ReservedTaskSectionsProps {
  task: TaskRow;
  user: User | null;
  distance: number | null;
  now: Date;
}

export function ReservedTaskSections({ task, user, distance, now }: ReservedTaskSectionsProps) {
  const { i18n } = useLingui();
  const { AttendanceBanner } = useTaskDetailSlots();
  const locale = i18n.locale;
  const notYetStartable = Date.parse(task.timeWindowStart) > now.getTime();
  const startsAt = formatDateTime(task.timeWindowStart, locale);

  const deadlineFact = (key: string, label: ReactNode, deadline: string | null): DetailFact => {
    if (deadline === null) return { key, label, value: <Trans>None</Trans> };
    const when = formatDateTime(deadline, locale);
    const passed = Date.parse(deadline) <= now.getTime();
    return {
      key,
      label,
      tone: deadlineColour(deadline, now),
      value: passed ? <Trans>{when} (passed)</Trans> : when,
    };
  };

  return (
    <>
      <AttendanceBanner taskId={task.id} />
      {notYetStartable && (
        <Alert tone="warning" role="note" icon="clock">
          <Trans>This task cannot be started yet. It can be started from {startsAt}.</Trans>
        </Alert>
      )}

      <PendingStartNotice taskId={task.id} />
      <ReservedTaskActions task={task} now={now} />

      <section className="card">
        <DetailFacts
          facts={[
            { key: 'from', label: <Trans>Available from</Trans>, value: startsAt },
            { key: 'expires', label: <Trans>Expires at</Trans>, value: formatDateTime(task.timeWindowEnd, locale) },
            { key: 'duration', label: <Trans>Expected duration</Trans>, value: formatMinutes(task.expectedDuration, locale) },
            deadlineFact('early', <Trans>Early cancellation until</Trans>, task.earlyCancelDeadline),
            deadlineFact('late', <Trans>Late cancellation until</Trans>, task.lateCancelDeadline),
          ]}
        />
      </section>

      <PlaceCard place={task.place} distance={distance} />
      <Link className="card detail-link" to={`/task-suggestions/${encodeURIComponent(task.id)}`}>
        <Icon name="store" size={20} />
        <span>
          <Trans>More tasks in this store</Trans>
        </span>
        <Icon name="chevrons" size={16} className="detail-link__trail" />
      </Link>

      {task.taskType.shortDescription && (
        <DetailSection title={<Trans>About the task</Trans>}>
          <p>{task.taskType.shortDescription}</p>
        </DetailSection>
      )}

      {user?.isApproved && task.descriptiveComment && (
        <DetailSection title={<Trans>Comment</Trans>}>
          <LinkifiedText text={task.descriptiveComment} />
        </DetailSection>
      )}
    </>
  );
}
