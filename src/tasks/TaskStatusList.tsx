/**
 * One task list (spec section 2), under the status tabs: search, sort, task-type filter, reserved
 * grouping, paging, empty/loading/freshness states. Reads the mirror only (live queries); the
 * sync worker keeps the collection fresh.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TaskRow } from '#db/schema';
import { isTaskLocked } from '#domain/tasks';
import { CARD_LINK_ATTRIBUTE, cardClickPath } from './cardLinks';
import { afterPaint } from '../shared/cachedLiveQuery';
import { prefetchTaskListScreens, useTaskListScreen } from './listScreenQueries';
import { Alert } from '#ui/Alert';
import { FreshnessLine } from '../shared/FreshnessLine';
import { InfiniteScrollSentinel } from '../shared/InfiniteScrollSentinel';
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
import { useTaskListSlots } from './slots';
import { LIST_STATUSES, noticeFromLocationState, type ListStatus } from './routes';
import { ALL_TASK_TYPES, pageLimit, type TaskListOrder, type TaskTypeFilter } from './selectTasks';
import { createItemKeeper } from './stableItems';
import { watchCollections } from './mutations';
import { TaskCard } from './TaskCard';
import { Icon } from '#ui/Icon';
import { TaskListEmpty } from './TaskListEmpty';
import { TaskListNoticeText } from './TaskListNoticeText';
import { TaskOrderToggle } from './TaskOrderToggle';
import { isPlainList, showTaskList } from './taskListQuery';
import { TaskSearchBox } from './TaskSearchBox';
import { TaskTypeFilterChips } from './TaskTypeFilterChips';
import { useDevicePosition } from './useDevicePosition';
import { useNow } from '../shared/useNow';
import { useUrlSearch } from './useUrlSearch';

const SKELETON_CARDS = [0, 1, 2];
const NO_CATEGORIES: readonly string[] = [];
/**
 * Cards rendered in the list's first render: more than a tall phone screen shows. The rest follow
 * in a transition right after the first paint, which React renders in slices between frames
 * instead of one long task (docs/performance.md, "First load").
 */
const FIRST_SCREEN_CARDS = 8;

/** Runs `task` when the main thread idles (at the latest after 2 s); answers a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 200);
  return () => window.clearTimeout(timer);
}

/**
 * `onReadAhead`: called when the other lists' first pages and the missions have been read ahead
 * into the answer cache (TaskListScreen then renders those lists, hidden). `readAheads` changes
 * with each read-ahead, so a hidden list renders again and takes its answer (cachedLiveQuery.ts).
 */
export function TaskStatusList({ status, onReadAhead }: { status: ListStatus; onReadAhead?: () => void; readAheads?: number }) {
  const { i18n, t } = useLingui();
  const { MissionsWidget, MapToggle, prefetchMissions } = useTaskListSlots();
  const location = useLocation();
  const navigate = useNavigate();

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

  // After the first paint: a tab switch commits at once (src/shared/syncNavigation.ts), and the message
  // to the sync worker need not be part of it.
  useEffect(() => afterPaint(() => void watchCollections({ statuses: [status] })), [status]);

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

  // The plain list reads its pages from an index; search, filter, a store or distance order read
  // every task of the status (taskListQuery.ts).
  const limit = pageLimit(pages);
  const loadMore = useCallback(() => setPaging({ key: queryKey, pages: pages + 1 }), [queryKey, pages]);
  const plain = useMemo(() => isPlainList({ search: deferredSearch, order, filter, placeId }), [deferredSearch, order, filter, placeId]);
  // One live query for the whole screen: rows, user, trainings, sync meta, reservation limit.
  const data = useTaskListScreen(status, plain ? limit : null);
  const source = data?.source;
  const user = data?.user;
  const trainings = data?.trainings;
  const meta = data?.meta;
  const shown = useMemo(
    () =>
      source === undefined
        ? null
        : showTaskList(source, { search: deferredSearch, order, filter, position, now, limit, placeId }, i18n.locale),
    [source, deferredSearch, order, filter, position, now, limit, placeId, i18n.locale],
  );
  const selection = shown?.selection ?? null;
  // Once this list has answered, and again after each answer (the mirror changed), the other tabs'
  // first pages and the offerings' missions are read ahead while the phone idles: TaskListScreen
  // then renders the lists not built yet, hidden, from those answers, and a list mounted later
  // renders its cards in its first render (cachedLiveQuery.ts; docs/performance.md, "Lists on a
  // slow phone"); each list's own live query refreshes them once shown.
  // The first read-ahead starts right after this list's first paint, not when the phone first
  // idles: at start-up the idle moment came after the other cards' render, and a tab tapped
  // before the read-ahead ended built its list from IndexedDB (~0.5 s at 4×).
  const readAheadStarted = useRef(false);
  useEffect(() => {
    if (data === undefined) return;
    const others = LIST_STATUSES.filter((other) => other !== status);
    const readAhead = () => {
      readAheadStarted.current = true;
      void Promise.all([prefetchTaskListScreens(others, pageLimit(1), true), status !== 'available' ? prefetchMissions() : null]).then(() => onReadAhead?.());
    };
    return readAheadStarted.current ? whenIdle(readAhead) : afterPaint(readAhead);
  }, [data, status, onReadAhead, prefetchMissions]);
  // Cards whose task did not change keep their item, so a live-query answer after a sync write
  // renders only the cards that changed (stableItems.ts).
  const [keepItems] = useState(createItemKeeper<TaskRow>);
  const keptItems = useMemo(() => (selection ? keepItems(selection.items) : null), [selection, keepItems]);
  const [allCards, setAllCards] = useState(false);
  const hasCards = keptItems !== null && keptItems.length > FIRST_SCREEN_CARDS;
  useEffect(() => {
    if (!hasCards || allCards) return;
    // The other cards once the first screenful is painted (a frame, then a task): begun at once,
    // their render and commit held that first paint back on a slow CPU (bench:app --cpu-throttle 4).
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setAllCards(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [hasCards, allCards]);
  const allShown = allCards || !hasCards;
  const items = useMemo(() => (keptItems && !allShown ? keptItems.slice(0, FIRST_SCREEN_CARDS) : keptItems), [keptItems, allShown]);
  const categories = shown?.categories ?? NO_CATEGORIES;
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);

  // Only offerings can be locked: reserved and started tasks are already the tasker's own.
  const isLocked = useCallback(
    (task: TaskRow) => status === 'available' && user != null && isTaskLocked(task, user, trainings ?? []),
    [status, user, trainings],
  );

  // The cards are plain anchors (cardLinks.ts): their clicks open the task in the app from here.
  const followCard = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const anchor = event.target instanceof Element ? event.target.closest(`a[${CARD_LINK_ATTRIBUTE}]`) : null;
      const path = cardClickPath(event, anchor);
      if (path === null) return;
      event.preventDefault();
      void navigate(path);
    },
    [navigate],
  );

  const notice = noticeFromLocationState(location.state);
  const dismissNotice = () => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });

  const awaitingApproval = user != null && !user.isApproved && user.status === 'awaiting_approval';
  const narrowed = search.trim() !== '' || filter.kind !== 'all' || placeId !== null;
  const placeTitle = placeId ? shown?.rows?.find((r) => r.place.id === placeId)?.place.title : undefined;
  const statusTotal = shown?.statusTotal ?? 0;
  const stale = shown?.stale ?? false;
  const neverSynced = meta === null || (meta !== undefined && meta.syncedAt === null);

  return (
    <div className="task-list-body" onClick={followCard}>

      {notice && (
        <Alert tone="error" role="alert" icon="warning" onDismiss={dismissNotice}>
          <TaskListNoticeText notice={notice} />
        </Alert>
      )}

      {awaitingApproval && <NotApprovedNotice />}

      {status === 'available' && <ReservationLimitBar limit={data?.reservationLimit} />}

      {status === 'available' && <MissionsWidget />}

      {placeId && (
        <div className="place-filter" role="status">
          <Icon name="pin" size={16} />
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
          <MapToggle status={status} />
          <TaskTypeFilterChips categories={categories} value={filter} onChange={chooseFilter} />
        </div>
      </div>

      {locationFailed && (
        <Alert tone="warning" role="alert" icon="pin" onDismiss={() => setLocationFailed(false)}>
          <Trans>Could not get your location. Turn location on to sort by distance; tasks are sorted by time.</Trans>
        </Alert>
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
          narrowed={narrowed && statusTotal > 0}
          neverSynced={neverSynced && statusTotal === 0}
          onClear={() => {
            setSearch('');
            chooseFilter(ALL_TASK_TYPES);
            if (placeId) clearPlace();
          }}
        />
      ) : status === 'reserved' ? (
        <ReservedTaskGroups items={items ?? []} now={now} timeZone={timeZone} isLocked={isLocked} busy={stale} />
      ) : (
        <>
          {/* The cards' titles are h3: a heading for the list between them and the top bar's h1. */}
          <h2 className="visually-hidden" id={`task-list-${status}-title`}>
            {status === 'available' ? t`Available` : t`In progress`}
          </h2>
          <ul className="task-list" aria-labelledby={`task-list-${status}-title`} aria-busy={stale || undefined}>
            {(items ?? []).map((item) => (
              <li key={item.task.id}>
                <TaskCard item={item} locked={isLocked(item.task)} />
              </li>
            ))}
          </ul>
        </>
      )}

      {/* Not while the next page is being read: a sentinel still in view would ask again. */}
      {selection?.hasMore && !stale && allShown && <InfiniteScrollSentinel key={pages} onLoadMore={loadMore} />}
    </div>
  );
}
