/**
 * The bottom sheet of one place on the map (spec section 6: a drawer with the place's tasks;
 * locked tasks are view-only, as in the lists): the place, then its tasks as the lists' cards,
 * each opening the task. Not modal: the map stays usable behind it; Escape or the close button
 * closes it and focus goes back to the map.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';
import type { TaskRow } from '#db/schema';
import { distanceMeters } from '#domain/geo';
import { isTaskLocked, isTaskTypeNew } from '#domain/tasks';
import type { Coordinates, Training, User } from '#domain/types';
import { Icon } from '#ui/Icon';
import { formatDistance } from '../i18n/format';
import { TaskCard, type TaskListItem } from '../tasks';
import type { MapPoint } from './mapPlaces';

export interface PlaceDrawerProps {
  point: MapPoint;
  tasks: readonly TaskRow[];
  /** Only offerings can be locked. */
  lockable: boolean;
  user: User | null;
  trainings: readonly Training[];
  position: Coordinates | null;
  now: Date;
  onClose: () => void;
}

export function PlaceDrawer({ point, tasks, lockable, user, trainings, position, now, onClose }: PlaceDrawerProps) {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLElement>(null);
  const items = useMemo<TaskListItem<TaskRow>[]>(
    () =>
      tasks
        .filter((task) => task.place.id === point.placeId)
        .sort((a, b) => a.timeWindowStart.localeCompare(b.timeWindowStart) || a.id.localeCompare(b.id))
        .map((task) => ({
          task,
          distance: position ? distanceMeters(position, task.place.coordinates) : task.place.distance,
          isNew: isTaskTypeNew(task.taskType, now),
        })),
    [tasks, point.placeId, position, now],
  );
  const place = items[0]?.task.place;
  const distance = position ? distanceMeters(position, point.coordinates) : null;

  useEffect(() => {
    ref.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [point.placeId, onClose]);

  const titleId = `place-drawer-${point.placeId}`;
  return (
    <section ref={ref} className="place-drawer" role="dialog" aria-labelledby={titleId} tabIndex={-1}>
      <div className="place-drawer__grabber" aria-hidden="true" />
      <header className="place-drawer__head">
        <div className="place-drawer__text">
          <h2 className="place-drawer__title" id={titleId}>
            {point.title}
          </h2>
          {place && (
            <span className="place-drawer__address">
              {place.address}, {place.city}
            </span>
          )}
          <span className="place-drawer__meta">
            <Plural value={items.length} one="# task" other="# tasks" />
            {distance !== null && (
              <>
                {' · '}
                <Icon name="pin" size={13} /> {formatDistance(distance, i18n.locale)}
              </>
            )}
          </span>
        </div>
        <button type="button" className="icon-btn place-drawer__close" onClick={onClose} aria-label={t`Close`}>
          <Icon name="close" size={22} />
        </button>
      </header>
      {items.length === 0 ? (
        <p className="place-drawer__empty">
          <Trans>The tasks of this store are not on this device yet. They appear once the list is updated.</Trans>
        </p>
      ) : (
        <ul className="task-list place-drawer__list">
          {items.map((item) => (
            <li key={item.task.id}>
              <TaskCard item={item} locked={lockable && user !== null && isTaskLocked(item.task, user, trainings)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
