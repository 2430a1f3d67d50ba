/**
 * One task in a list: a real link to /task/{id} (a plain anchor: the list follows it in the app
 * with one delegated handler, cardLinks.ts) whose content reads top-down as what (title,
 * type), where (retailer logo, place, address), when (window, duration), and what it pays.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { TaskRow } from '#db/schema';
import { formatDistance, formatMinutes, formatMoney } from '../i18n/format';
import { CARD_LINK_ATTRIBUTE } from './cardLinks';
import { RetailerLogo } from './RetailerLogo';
import type { TaskListItem } from './selectTasks';
import { Icon } from '#ui/Icon';
import { formatTimeWindow } from './timeWindow';
import './TaskCard.css';

const CARD_LINK_PROPS = { [CARD_LINK_ATTRIBUTE]: '' };

export interface TaskCardProps {
  item: TaskListItem<TaskRow>;
  locked: boolean;
}

/**
 * Memoised: a list re-renders on every router state change (the outgoing list too, while the next
 * route loads) and on each live-query answer; a card whose item and lock did not change is not
 * rendered again.
 */
export const TaskCard = memo(function TaskCard({ item, locked }: TaskCardProps) {
  const { i18n } = useLingui();
  const { task, distance, isNew } = item;
  const { place } = task;
  const locale = i18n.locale;
  return (
    <a href={`/task/${encodeURIComponent(task.id)}`} className={`task-card${locked ? ' task-card--locked' : ''}`} {...CARD_LINK_PROPS}>
      <div className="task-card__head">
        <RetailerLogo src={place.logo ?? place.retailer.logo} name={place.retailer.name || place.title} />
        <div className="task-card__where">
          {/* Laid out by TaskCard.css's grid: the name beside the reward, the address under both. */}
          <span className="task-card__place" title={place.title}>
            {place.title}
          </span>
          <span className="task-card__address" title={`${place.address}, ${place.city}`}>
            {place.address}, {place.city}
          </span>
        </div>
        <span className="task-card__reward">{formatMoney(task.reward, locale)}</span>
      </div>

      <div className="task-card__what">
        <h3 className="task-card__title">{task.title}</h3>
        <div className="task-card__badges">
          {isNew && (
            <span className="task-badge task-badge--new">
              <Trans>New</Trans>
            </span>
          )}
          {locked && (
            <span className="task-badge task-badge--locked">
              <Icon name="lock" size={13} />
              <Trans>Locked</Trans>
            </span>
          )}
        </div>
      </div>

      <ul className="task-card__meta">
        <li>
          <Icon name="calendar" size={14} />
          <span>{formatTimeWindow(task.timeWindowStart, task.timeWindowEnd, locale)}</span>
        </li>
        <li>
          <Icon name="clock" size={14} />
          <span>{formatMinutes(task.expectedDuration, locale)}</span>
        </li>
        {distance !== null && (
          <li>
            <Icon name="pin" size={14} />
            <span>{formatDistance(distance, locale)}</span>
          </li>
        )}
      </ul>
    </a>
  );
});
