/**
 * /history/{taskStatus} (spec section 2): one history status, newest first, grouped by day
 * (today, yesterday, then the date), with infinite loading of older pages (pullMoreTasks) and
 * an empty state. An unknown status goes back to /history.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import type { HistoryStatus, TaskStatus } from '#domain/types';
import { formatDateKey } from '../i18n/format';
import { useKv, useSyncMeta } from '../sync/hooks';
import { useTasksByStatus, pullMoreTasks, watchCollections } from '../tasks';
import { FreshnessLine } from '../shared/FreshnessLine';
import { InfiniteScrollSentinel } from '../shared/InfiniteScrollSentinel';
import { Alert } from '#ui/Alert';
import { Icon } from '#ui/Icon';
import { useNow } from '../shared/useNow';
import { historyCursorKey } from '#contracts/kv';
import { groupHistoryByDay, historyHasNext, isHistoryStatus } from './historyGroups';
import { useHistoryStatusLabels } from './historyLabels';
import { HistoryTaskCard } from './HistoryTaskCard';
import './HistoryScreen.css';

export function HistoryStatusScreen() {
  const { taskStatus } = useParams<{ taskStatus: string }>();
  if (!isHistoryStatus(taskStatus)) return <Navigate to="/history" replace />;
  return <HistoryStatusList key={taskStatus} status={taskStatus} />;
}

type LoadState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed'; offline: boolean } | { kind: 'exhausted' };

function HistoryStatusList({ status }: { status: HistoryStatus }) {
  const { i18n } = useLingui();
  const labels = useHistoryStatusLabels();
  useScreenTitle(labels[status]);
  const statuses = useMemo<readonly TaskStatus[]>(() => [status], [status]);
  const rows = useTasksByStatus(statuses);
  const meta = useSyncMeta(`tasks:${status}`);
  const cursor = useKv<unknown>(historyCursorKey(status));
  const now = useNow(60_000);
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const [load, setLoad] = useState<LoadState>({ kind: 'idle' });

  useEffect(() => {
    void watchCollections({ statuses: [status] });
  }, [status]);

  const days = useMemo(() => (rows ? groupHistoryByDay(rows, now, timeZone) : null), [rows, now, timeZone]);
  const hasNext = historyHasNext(cursor);

  const loadMore = useCallback(() => {
    if (load.kind === 'loading') return;
    const before = rows?.length ?? 0;
    setLoad({ kind: 'loading' });
    void pullMoreTasks(status).then((result) => {
      if (!result.ok) {
        setLoad({ kind: 'failed', offline: result.error.status === 0 });
        return;
      }
      // Without the worker's cursor, a page that brought nothing new means the end.
      setLoad(hasNext === null && (rows?.length ?? 0) <= before ? { kind: 'exhausted' } : { kind: 'idle' });
    });
  }, [load.kind, rows, status, hasNext]);

  const neverSynced = meta === null || (meta !== undefined && meta.syncedAt === null);
  const more = hasNext === true || (hasNext === null && load.kind !== 'exhausted' && (rows?.length ?? 0) > 0);

  const dayTitle = (kind: 'today' | 'yesterday' | 'date', dateKey: string) =>
    kind === 'today' ? <Trans>Today</Trans> : kind === 'yesterday' ? <Trans>Yesterday</Trans> : formatDateKey(dateKey, i18n.locale);

  return (
    <div className="history-screen">
      <FreshnessLine meta={meta} />
      {days === null ? (
        <div className="spinner" role="status" aria-label="…" />
      ) : days.length === 0 ? (
        <div className="history-empty" role="status">
          <Icon name="inbox" size={32} className="history-empty__icon" />
          {neverSynced ? (
            <p className="history-empty__title">
              <Trans>Your task history is not downloaded yet. It appears once the app has been online.</Trans>
            </p>
          ) : (
            <>
              <p className="history-empty__title">
                {status === 'accepted' && <Trans>No accepted tasks yet</Trans>}
                {status === 'rejected' && <Trans>No rejected tasks</Trans>}
                {status === 'expired' && <Trans>No expired tasks</Trans>}
                {status === 'awaiting_confirmation' && <Trans>No tasks are waiting for review</Trans>}
              </p>
              <p className="history-empty__hint">
                <Trans>Finished tasks appear here after you complete them.</Trans>
              </p>
            </>
          )}
        </div>
      ) : (
        days.map((day) => (
          <section key={day.dateKey} className="history-day" aria-labelledby={`day-${day.dateKey}`}>
            <h2 className="history-day__title" id={`day-${day.dateKey}`}>
              {dayTitle(day.kind, day.dateKey)}
            </h2>
            <ul className="history-list">
              {day.tasks.map((task) => (
                <li key={task.id}>
                  <HistoryTaskCard task={task} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}

      {load.kind === 'failed' && (
        <Alert tone="error" role="alert" as="div" className="history-load-error">
          {load.offline ? <Trans>Cannot connect to server</Trans> : <Trans>Could not load the task history</Trans>}{' '}
          <button type="button" className="btn btn-text" onClick={loadMore}>
            <Trans>Try again</Trans>
          </button>
        </Alert>
      )}
      {load.kind === 'loading' && <div className="spinner" role="status" aria-label="…" />}
      {more && load.kind === 'idle' && days !== null && days.length > 0 && <InfiniteScrollSentinel key={rows?.length ?? 0} onLoadMore={loadMore} />}
    </div>
  );
}
