/**
 * Task detail for a task in history — accepted, rejected, expired, awaiting confirmation (spec
 * section 2): a status banner, the reviewer's result comment, the place, the reward (reduced
 * only where it applies: accepted or rejected, spec section 4), the time taken (end − start) and
 * the tasker's own comment, then the work: SKUs entered versus the products, defects and photos
 * (taskExtras/HistoryWorkDetails.tsx).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaskRow } from '#db/schema';
import { formatDateTime, formatMinutes, formatMoney } from '../i18n/format';
import { useTaskOutbox } from '../sync/hooks';
import { DetailFacts, type DetailFact } from './DetailFacts';
import { shownReward, timeTakenMinutes } from './historicalTask';
import { PlaceCard } from './PlaceCard';
import { useTaskDetailSlots } from './slots';
import { DetailSection } from '#ui/DetailSection';
import { Icon, type IconName } from '#ui/Icon';

type HistoricalStatus = 'accepted' | 'rejected' | 'expired' | 'awaiting_confirmation';

const BANNER: Record<HistoricalStatus, { tone: 'info' | 'warning' | 'error' | 'success'; icon: IconName }> = {
  accepted: { tone: 'success', icon: 'check' },
  rejected: { tone: 'error', icon: 'warning' },
  expired: { tone: 'warning', icon: 'clock' },
  awaiting_confirmation: { tone: 'info', icon: 'timer' },
};

export function isHistoricalStatus(status: TaskRow['status']): status is HistoricalStatus {
  return status === 'accepted' || status === 'rejected' || status === 'expired' || status === 'awaiting_confirmation';
}

export function HistoricalTaskSections({ task, distance }: { task: TaskRow; distance: number | null }) {
  const { i18n } = useLingui();
  const { HistoryWorkDetails } = useTaskDetailSlots();
  const locale = i18n.locale;
  // A completion queued offline shows this view at once; until the outbox delivers it, the work
  // is on the phone, not with the reviewer.
  const unsent = useTaskOutbox(task.id)?.some((r) => r.state === 'pending' || r.state === 'sending') ?? false;
  const status = task.status;
  if (!isHistoricalStatus(status)) return null;
  const banner = BANNER[status];
  const { reward, reduced } = shownReward(task);
  const taken = timeTakenMinutes(task);

  const facts: DetailFact[] = [
    {
      key: 'reward',
      label: <Trans>Reward</Trans>,
      ...(reduced ? { tone: 'warning' as const } : {}),
      value: reduced ? (
        <span className="history-reward">
          <s className="muted">{formatMoney(reward, locale)}</s> <strong>{formatMoney(reduced, locale)}</strong>{' '}
          <span className="history-reward__note">
            <Trans>(reduced)</Trans>
          </span>
        </span>
      ) : (
        formatMoney(reward, locale)
      ),
    },
    ...(task.startTime ? [{ key: 'started', label: <Trans>Started at</Trans>, value: formatDateTime(task.startTime, locale) }] : []),
    ...(task.endTime ? [{ key: 'ended', label: <Trans>Finished at</Trans>, value: formatDateTime(task.endTime, locale) }] : []),
    ...(taken !== null ? [{ key: 'taken', label: <Trans>Time taken</Trans>, value: formatMinutes(taken, locale) }] : []),
    { key: 'duration', label: <Trans>Expected duration</Trans>, value: formatMinutes(task.expectedDuration, locale) },
    ...(status === 'expired' ? [{ key: 'window', label: <Trans>Window ended</Trans>, value: formatDateTime(task.timeWindowEnd, locale) }] : []),
  ];

  return (
    <>
      <div className={`history-banner history-banner--${banner.tone}`} role="status">
        <Icon name={banner.icon} size={22} />
        <div>
          <strong className="history-banner__title">
            {status === 'accepted' && <Trans>Accepted</Trans>}
            {status === 'rejected' && <Trans>Rejected</Trans>}
            {status === 'expired' && <Trans>Expired</Trans>}
            {status === 'awaiting_confirmation' && <Trans>Awaiting confirmation</Trans>}
          </strong>
          <p>
            {status === 'accepted' && <Trans>Your work was reviewed and accepted.</Trans>}
            {status === 'rejected' && <Trans>Your work was reviewed and rejected.</Trans>}
            {status === 'expired' && <Trans>The time window ended before the task was finished.</Trans>}
            {status === 'awaiting_confirmation' &&
              (unsent ? (
                <Trans>Your work is saved on this phone and will be sent for review when there is signal.</Trans>
              ) : (
                <Trans>Your work was sent and waits for review.</Trans>
              ))}
          </p>
        </div>
      </div>

      {task.resultComment && (
        <DetailSection title={<Trans>Reviewer's comment</Trans>}>
          <p className="history-comment">{task.resultComment}</p>
        </DetailSection>
      )}

      <section className="card">
        <DetailFacts facts={facts} />
      </section>

      {task.taskerComment && (
        <DetailSection title={<Trans>Your comment</Trans>}>
          <p className="history-comment">{task.taskerComment}</p>
        </DetailSection>
      )}

      <PlaceCard place={task.place} distance={distance} />

      {/* SKUs entered versus the products, defects and photos (spec section 2). */}
      {status !== 'expired' && <HistoryWorkDetails task={task} />}
    </>
  );
}
