/**
 * Task detail for an available task (spec section 2): whether it can be reserved and why not,
 * reward, distance, window, duration, place, description, comment and instructions (approved
 * viewers only, spec section 6), and the trainings still missing. A reservable task offers the
 * slide-to-reserve control; a locked one says why instead (spec sections 4 to 6).
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { TaskRow } from '#db/schema';
import { reserveRefusal } from '#domain/lifecycle';
import { missingTrainings } from '#domain/tasks';
import type { ReservationLimit, Training, User } from '#domain/types';
import { DetailSection } from '#ui/DetailSection';
import { formatDateTime, formatDistance, formatMinutes } from '../i18n/format';
import { DetailFacts } from './DetailFacts';
import { LinkifiedText } from './LinkifiedText';
import { safeHref } from './linkify';
import { PlaceCard } from './PlaceCard';
import { ReserveControl } from './ReserveControl';
import { useTaskDetailSlots } from './slots';
import { Icon } from '#ui/Icon';

export interface AvailableTaskSectionsProps {
  task: TaskRow;
  user: User | null;
  /** undefined while the trainings are still being read. */
  trainings: Training[] | undefined;
  distance: number | null;
  /** null/undefined when not synced yet: the server still checks it. */
  limit?: ReservationLimit | null;
}

/** No limit known yet: let the server judge. */
const UNKNOWN_LIMIT: ReservationLimit = { used: 0, limit: Number.POSITIVE_INFINITY };

export function AvailableTaskSections({ task, user, trainings, distance, limit }: AvailableTaskSectionsProps) {
  const { t, i18n } = useLingui();
  const { InstructionsButton } = useTaskDetailSlots();
  const locale = i18n.locale;
  const approved = user?.isApproved === true;
  const missingIds = trainings ? missingTrainings(task, trainings) : [];
  const missing = task.taskType.trainings.filter((ref) => missingIds.includes(ref.id));

  let reserveState: 'not_approved' | 'trainings' | 'limit' | 'reservable' | 'unavailable' | null = null;
  if (user && trainings) {
    const refusal = reserveRefusal(task, user, trainings, limit ?? UNKNOWN_LIMIT);
    if (refusal === 'PROFILE_NOT_APPROVED') reserveState = 'not_approved';
    else if (refusal === 'TRAININGS_MISSING') reserveState = 'trainings';
    else if (refusal === 'RESERVATION_LIMIT_EXCEEDED') reserveState = 'limit';
    else reserveState = refusal === null && task.isReservable ? 'reservable' : 'unavailable';
  }

  return (
    <>
      {reserveState === 'reservable' && user && <ReserveControl task={task} user={user} />}
      {reserveState && reserveState !== 'reservable' && (
        <section className="reserve-info reserve-info--locked" aria-label={t`Reserve`}>
          <Icon name="lock" size={20} />
          <div>
            <strong className="reserve-info__title">
              {reserveState === 'limit' || reserveState === 'unavailable' ? <Trans>Cannot be reserved now</Trans> : <Trans>Locked — view only</Trans>}
            </strong>
            {reserveState === 'not_approved' && (
              <p>
                <Trans>Tasks can be reserved once your profile is approved.</Trans>{' '}
                <Link to="/onboarding">
                  <Trans>Continue onboarding</Trans>
                </Link>
              </p>
            )}
            {reserveState === 'trainings' && (
              <p>
                <Plural value={missing.length} one="Complete the training listed below to reserve this task." other="Complete the trainings listed below to reserve this task." />
              </p>
            )}
            {reserveState === 'limit' && (
              <p>
                <Trans>Your reservation limit is reached. Finish or cancel a reserved task to reserve more.</Trans>
              </p>
            )}
            {reserveState === 'unavailable' && (
              <p>
                <Trans>This task cannot be reserved right now, for example because your reservation limit is reached.</Trans>
              </p>
            )}
          </div>
        </section>
      )}

      <section className="card">
        <DetailFacts
          facts={[
            ...(distance !== null ? [{ key: 'distance', label: <Trans>Distance</Trans>, value: formatDistance(distance, locale) }] : []),
            { key: 'from', label: <Trans>Available from</Trans>, value: formatDateTime(task.timeWindowStart, locale) },
            { key: 'expires', label: <Trans>Expires at</Trans>, value: formatDateTime(task.timeWindowEnd, locale) },
            { key: 'duration', label: <Trans>Expected duration</Trans>, value: formatMinutes(task.expectedDuration, locale) },
          ]}
        />
      </section>

      {/* The distance is already a fact above. */}
      <PlaceCard place={task.place} distance={null} />

      {task.taskType.shortDescription && (
        <DetailSection title={<Trans>About the task</Trans>}>
          <p>{task.taskType.shortDescription}</p>
        </DetailSection>
      )}

      {approved && task.descriptiveComment && (
        <DetailSection title={<Trans>Comment</Trans>}>
          <LinkifiedText text={task.descriptiveComment} />
        </DetailSection>
      )}

      {missing.length > 0 && (
        <DetailSection tone="warning" title={<Plural value={missing.length} one="Missing training" other="Missing trainings" />}>
          <ul className="missing-trainings">
            {missing.map((ref) => {
              const href = approved ? safeHref(ref.linkToTraining) : null;
              return (
                <li key={ref.id}>
                  <Icon name="document" size={16} />
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      {ref.title}
                    </a>
                  ) : (
                    <span>{ref.title}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </DetailSection>
      )}

      {/* One "Instructions" on the page: an approved tasker's button opens them whole (trainings
          and the full description, /task/{id}/instructions); others read why they cannot yet. */}
      {approved ? (
        <InstructionsButton taskId={task.id} />
      ) : (
        task.taskType.fullDescription.trim() !== '' && (
          <DetailSection title={<Trans>Instructions</Trans>}>
            <p className="muted">
              <Trans>Instructions are shown once your profile is approved.</Trans>
            </p>
          </DetailSection>
        )
      )}
    </>
  );
}
