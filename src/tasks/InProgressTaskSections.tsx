/**
 * Task detail for a started task (spec section 2): live countdown to the window's end, duration,
 * goal, comment, target product photos and the letter of authority, and whether the start is
 * still waiting to be sent. The working part (task pack, sync status, checklist, finish) is
 * src/execution's TaskExecutionSections.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaskRow } from '#db/schema';
import type { User } from '#domain/types';
import { letterUrlFor } from '#domain/letterWords';
import { formatDateTime, formatMinutes } from '../i18n/format';
import { DetailSection } from '#ui/DetailSection';
import { Countdown } from './Countdown';
import { DetailFacts } from './DetailFacts';
import { LinkifiedText } from './LinkifiedText';
import { safeHref } from './linkify';
import { PendingStartNotice } from './PendingStartNotice';
import { PlaceCard } from './PlaceCard';
import { useTaskDetailSlots } from './slots';
import { Icon } from '#ui/Icon';

/**
 * A path on our own origin (the demo's /letters/{retailerId}.pdf, or a file of the API), or an
 * absolute http(s) URL. The task pack keeps the letter either way, but only a same-origin one opens
 * offline: the service worker serves the new tab from the pack cache. A letter on another origin (a
 * CDN) opens only online — the service worker never sees navigations to another origin.
 */
function documentHref(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  return safeHref(url);
}

export function InProgressTaskSections({ task, user, distance }: { task: TaskRow; user: User | null; distance: number | null }) {
  const { t, i18n } = useLingui();
  const { TaskExecutionSections } = useTaskDetailSlots();
  const locale = i18n.locale;
  // The app's own letters come in every language: the tasker opens theirs.
  const letterHref = documentHref(letterUrlFor(task.letterOfAuthorityUrl, locale));

  return (
    <>
      <PendingStartNotice taskId={task.id} />
      <Countdown deadline={task.timeWindowEnd} warnWithinMinutes={task.expectedDuration} />

      <section className="card">
        <DetailFacts
          facts={[
            { key: 'duration', label: <Trans>Expected duration</Trans>, value: formatMinutes(task.expectedDuration, locale) },
            ...(task.startTime ? [{ key: 'started', label: <Trans>Started at</Trans>, value: formatDateTime(task.startTime, locale) }] : []),
            { key: 'expires', label: <Trans>Expires at</Trans>, value: formatDateTime(task.timeWindowEnd, locale) },
          ]}
        />
      </section>

      {task.taskType.shortDescription && (
        <DetailSection title={<Trans>Goal</Trans>}>
          <p>{task.taskType.shortDescription}</p>
        </DetailSection>
      )}

      {user?.isApproved && task.descriptiveComment && (
        <DetailSection title={<Trans>Comment</Trans>}>
          <LinkifiedText text={task.descriptiveComment} />
        </DetailSection>
      )}

      {task.targetProductPhotos.length > 0 && (
        <DetailSection title={<Trans>Target products</Trans>}>
          <ul className="product-photos">
            {task.targetProductPhotos.map((src, i) => {
              const n = i + 1;
              return (
                <li key={`${i}:${src}`}>
                  <img src={src} alt={t`Target product ${n}`} loading="lazy" decoding="async" />
                </li>
              );
            })}
          </ul>
        </DetailSection>
      )}

      {letterHref && (
        <a className="card detail-link" href={letterHref} target="_blank" rel="noopener noreferrer">
          <Icon name="document" size={20} />
          <span>
            <Trans>Letter of authority</Trans>
          </span>
          <Icon name="external" size={16} className="detail-link__trail" />
        </a>
      )}

      <TaskExecutionSections task={task} />

      <PlaceCard place={task.place} distance={distance} />
    </>
  );
}
