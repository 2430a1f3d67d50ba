/**
 * One task list (spec section 2): status tabs, search, sort, task-type filter, reserved
 * grouping, paging, empty/loading/freshness states. Reads the mirror only (live queries); the
 * sync worker keeps the collection fresh.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TaskRow } from '../db/schema';
import { isTaskLocked } from '../domain/tasks';
import type { TaskStatus } from '../domain/types';
import { useSyncMeta, useTasksByStatus, useTrainings, useUser } from '../sync/hooks';
import { FreshnessLine } from './FreshnessLine';
import { InfiniteScrollSentinel } from './InfiniteScrollSentinel';
import { NotApprovedNotice } from './NotApprovedNotice';
import {
  browserSessionStorage,
  readFilterPreferences,
  readOrderPreferences,
  writeFilterPreference,
  writeOrderPreference,
  type FilterPreferences,
  type OrderPreferences,
} from './preferences';
import { ReservationLimitBar } from './ReservationLimitBar';
import { ReservedTaskGroups } from './ReservedTaskGroups';
import { noticeFromLocationState, type ListStatus } from './routes';
import { ALL_TASK_TYPES, pageLimit, selectTasks, taskTypeCategories, type TaskListOrder, type TaskTypeFilter } from './selectTasks';
import { StatusTabs } from './StatusTabs';
import { watchCollections } from './syncCommands';
import { TaskCard } from './TaskCard';
import { TaskIcon } from './TaskIcon';
import { TaskListEmpty } from './TaskListEmpty';
import { TaskOrderToggle } from './TaskOrderToggle';
import { TaskSearchBox } from './TaskSearchBox';
import { TaskTypeFilterChips } from './TaskTypeFilterChips';
import { useDevicePosition } from './useDevicePosition';
import { useNow } from './useNow';
import { useUrlSearch } from './useUrlSearch';

// Stable arrays: the live query re-subscribes when its status list changes identity.
const QUERY_STATUSES: Record<ListStatus, readonly TaskStatus[]> = {
  available: ['available'],
  reserved: ['reserved'],
  in_progress: ['in_progress'],
};

const SKELETON_CARDS = [0, 1, 2];

export function TaskStatusList({ status }: { status: ListStatus }) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();

  const rows = useTasksByStatus(QUERY_STATUSES[status]);
  const user = useUser();
  const trainings = useTrainings();
  const meta = useSyncMeta(`tasks:${status}`);
  const now = useNow(60_000);

  const [search, setSearch] = useUrlSearch();
  // `?placeId=` narrows the offerings to one store (where a reserve with `upsellByPlace` lands).
  const [searchParams, setSearchParams] = useSearchParams();
  const placeId = status === 'available' ? searchParams.get('placeId') : null;
  const clearPlace = () =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('placeId');
        return next;
      },
      { replace: true },
    );
  // Typing stays responsive while the (cheap, but not free) selection catches up.
  const deferredSearch = useDeferredValue(search);

  const [orders, setOrders] = useState<OrderPreferences>(() => readOrderPreferences(browserSessionStorage()));
  const [filters, setFilters] = useState<FilterPreferences>(() => readFilterPreferences(browserSessionStorage()));
  const order: TaskListOrder = orders[status] ?? 'time_window_start';
  const filter: TaskTypeFilter = filters[status] ?? ALL_TASK_TYPES;

  const { position, status: positionStatus, request: requestPosition } = useDevicePosition();
  const [locationFailed, setLocationFailed] = useState(false);

  const chooseOrder = useCallback(
    (next: TaskListOrder) => {
      setLocationFailed(false);
      writeOrderPreference(browserSessionStorage(), status, next);
      setOrders((prev) => ({ ...prev, [status]: next }));
    },
    [status, setLocationFailed],
  );

  const chooseFilter = useCallback(
    (next: TaskTypeFilter) => {
      writeFilterPreference(browserSessionStorage(), status, next);
      setFilters((prev) => ({ ...prev, [status]: next }));
    },
    [status],
  );

  useEffect(() => {
    void watchCollections({ statuses: [status] });
  }, [status]);

  // Distance order (chosen now, or remembered from earlier in the session) needs a position;
  // without one the list falls back to time and says why (spec section 8: location errors).
  const wantsDistance = order === 'distance';
  useEffect(() => {
    if (!wantsDistance) return;
    let cancelled = false;
    void requestPosition().then((coords) => {
      if (cancelled || coords) return;
      setLocationFailed(true);
      writeOrderPreference(browserSessionStorage(), status, 'time_window_start');
      setOrders((prev) => ({ ...prev, [status]: 'time_window_start' }));
    });
    return () => {
      cancelled = true;
    };
  }, [wantsDistance, status, requestPosition]);

  // Pages reset whenever what is being listed changes.
  const queryKey = JSON.stringify([status, deferredSearch, order, filter, placeId]);
  const [paging, setPaging] = useState({ key: queryKey, pages: 1 });
  const pages = paging.key === queryKey ? paging.pages : 1;
  const loadMore = useCallback(() => setPaging({ key: queryKey, pages: pages + 1 }), [queryKey, pages]);

  const selection = useMemo(
    () =>
      rows === undefined
        ? null
        : selectTasks(rows, { search: deferredSearch, order, filter, position, now, limit: pageLimit(pages), placeId }),
    [rows, deferredSearch, order, filter, position, now, pages, placeId],
  );
  const categories = useMemo(() => (rows ? taskTypeCategories(rows, i18n.locale) : []), [rows, i18n.locale]);
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);

  // Only offerings can be locked: reserved and started tasks are already the tasker's own.
  const isLocked = useCallback(
    (task: TaskRow) => status === 'available' && user != null && isTaskLocked(task, user, trainings ?? []),
    [status, user, trainings],
  );

  const notice = noticeFromLocationState(location.state);
  const dismissNotice = () => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });

  const awaitingApproval = user != null && !user.isApproved && user.status === 'awaiting_approval';
  const narrowed = search.trim() !== '' || filter.kind !== 'all' || placeId !== null;
  const placeTitle = placeId ? rows?.find((r) => r.place.id === placeId)?.place.title : undefined;
  const neverSynced = meta === null || (meta !== undefined && meta.syncedAt === null);

  return (
    <div className="task-list-screen">
      <StatusTabs current={status} />

      {notice && (
        <div className="alert alert-error task-list-notice" role="alert">
          <TaskIcon name="alert" size={18} />
          <span>{notice === 'TASK_NOT_FOUND' ? <Trans>Task not found</Trans> : <Trans>This content is not available</Trans>}</span>
          <button type="button" className="task-list-notice__close" onClick={dismissNotice} aria-label={t`Dismiss`}>
            <TaskIcon name="close" size={16} />
          </button>
        </div>
      )}

      {awaitingApproval && <NotApprovedNotice />}

      {status === 'available' && <ReservationLimitBar />}

      {placeId && (
        <div className="place-filter" role="status">
          <TaskIcon name="pin" size={16} />
          <span className="place-filter__text">
            {placeTitle ? <Trans>Only tasks at {placeTitle}</Trans> : <Trans>Only tasks at one store</Trans>}
          </span>
          <button type="button" className="btn btn-text place-filter__clear" onClick={clearPlace}>
            <Trans>Show all stores</Trans>
          </button>
        </div>
      )}

      <div className="task-list-toolbar">
        <TaskSearchBox value={search} onChange={setSearch} />
        <div className="task-list-toolbar__row">
          <TaskOrderToggle order={order} locating={positionStatus === 'locating'} onChange={chooseOrder} />
          <TaskTypeFilterChips categories={categories} value={filter} onChange={chooseFilter} />
        </div>
      </div>

      {locationFailed && (
        <div className="alert alert-warning task-list-notice" role="alert">
          <TaskIcon name="pin" size={18} />
          <span>
            <Trans>Could not get your location. Turn location on to sort by distance; tasks are sorted by time.</Trans>
          </span>
          <button type="button" className="task-list-notice__close" onClick={() => setLocationFailed(false)} aria-label={t`Dismiss`}>
            <TaskIcon name="close" size={16} />
          </button>
        </div>
      )}

      <div className="task-list-status">
        <FreshnessLine meta={meta} />
        {selection && selection.total > 0 && (
          <span className="task-list-status__count">
            <Plural value={selection.total} one="# task" other="# tasks" />
          </span>
        )}
      </div>

      {selection === null ? (
        <div className="task-list" aria-busy="true">
          <span className="visually-hidden">
            <Trans>Loading tasks…</Trans>
          </span>
          {SKELETON_CARDS.map((i) => (
            <div key={i} className="task-card task-card--skeleton" aria-hidden="true">
              <div className="skeleton skeleton--logo" />
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--short" />
            </div>
          ))}
        </div>
      ) : selection.total === 0 ? (
        <TaskListEmpty
          status={status}
          narrowed={narrowed && (rows?.length ?? 0) > 0}
          neverSynced={neverSynced && (rows?.length ?? 0) === 0}
          onClear={() => {
            setSearch('');
            chooseFilter(ALL_TASK_TYPES);
            if (placeId) clearPlace();
          }}
        />
      ) : status === 'reserved' ? (
        <ReservedTaskGroups items={selection.items} now={now} timeZone={timeZone} isLocked={isLocked} />
      ) : (
        <ul className="task-list">
          {selection.items.map((item) => (
            <li key={item.task.id}>
              <TaskCard item={item} locked={isLocked(item.task)} />
            </li>
          ))}
        </ul>
      )}

      {selection?.hasMore && <InfiniteScrollSentinel key={pages} onLoadMore={loadMore} />}
    </div>
  );
}
