/**
 * /task-suggestions/{taskId} (spec section 2): more available tasks in the same store as the
 * given task — their count, grouped by place, loaded page by page (25), refreshed every 30 s and
 * when the window regains focus, with an info alert when there are none. The sync worker pulls
 * them into kv `suggestions:<taskId>` and the tasks into the mirror (pullSuggestions). A task the
 * tasker cannot reserve yet is marked locked by the task lists' rule (locks.ts).
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import { isTaskTypeNew } from '#domain/tasks';
import { useKv } from '../sync/hooks';
import { InfiniteScrollSentinel } from '../shared/InfiniteScrollSentinel';
import { pullSuggestions, TaskCard } from '../tasks';
import { Alert } from '#ui/Alert';
import { Icon } from '#ui/Icon';
import { useNow } from '../shared/useNow';
import { readSuggestionsState, suggestionsKey } from '#contracts/kv';
import { isSuggestionLocked, useSuggestionLocks } from './locks';
import { groupSuggestionsByPlace, suggestionCount, SUGGESTIONS_REFRESH_MS } from './suggestions';
import { useTasksByIds } from './useTasksByIds';
import './TaskSuggestionsScreen.css';

type PullState = { kind: 'idle' | 'loading' } | { kind: 'failed'; offline: boolean };

export function TaskSuggestionsScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  return <TaskSuggestions key={taskId} taskId={taskId} />;
}

function TaskSuggestions({ taskId }: { taskId: string }) {
  const { t } = useLingui();
  useScreenTitle(t`More tasks in this store`);
  const raw = useKv<unknown>(suggestionsKey(taskId));
  const state = raw === undefined ? undefined : readSuggestionsState(raw);
  const rows = useTasksByIds(state?.taskIds);
  const locks = useSuggestionLocks();
  const now = useNow(60_000);
  const [pull, setPull] = useState<PullState>({ kind: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);

  const refresh = useCallback(() => {
    void pullSuggestions(taskId).then((result) => {
      setPull(result.ok ? { kind: 'idle' } : { kind: 'failed', offline: result.error.status === 0 });
    });
  }, [taskId]);

  // First page now, again every 30 s and whenever the tasker comes back to the window.
  useEffect(() => {
    refresh();
    const timer = window.setInterval(refresh, SUGGESTIONS_REFRESH_MS);
    window.addEventListener('focus', refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [refresh]);

  const loadMore = useCallback(() => {
    if (loadingMore) return;
    setLoadingMore(true);
    void pullSuggestions(taskId, true).then((result) => {
      setLoadingMore(false);
      if (!result.ok) setPull({ kind: 'failed', offline: result.error.status === 0 });
    });
  }, [taskId, loadingMore]);

  const groups = useMemo(() => (state && rows ? groupSuggestionsByPlace(state.taskIds, rows, taskId) : null), [state, rows, taskId]);
  const shown = groups?.reduce((n, g) => n + g.tasks.length, 0) ?? 0;
  const count = suggestionCount(state ?? null, shown);
  const firstPlaceId = groups?.[0]?.placeId;

  if (groups === null) {
    if (pull.kind === 'failed') {
      return (
        <div className="suggestions-screen">
          <Alert tone="error" role="alert">
            {pull.offline ? <Trans>Cannot connect to server</Trans> : <Trans>Could not load the tasks</Trans>}
          </Alert>
          <button type="button" className="btn btn-secondary" onClick={refresh}>
            <Trans>Try again</Trans>
          </button>
        </div>
      );
    }
    return (
      <div className="suggestions-screen">
        <div className="spinner" role="status" aria-label={t`Loading tasks…`} />
      </div>
    );
  }

  return (
    <div className="suggestions-screen">
      {pull.kind === 'failed' && (
        <Alert tone="warning" role="status">
          {pull.offline ? <Trans>You are offline: these suggestions may be out of date.</Trans> : <Trans>Could not refresh the suggestions.</Trans>}
        </Alert>
      )}
      {shown === 0 ? (
        <Alert tone="info" role="status" icon="inbox">
          <Trans>There are no other available tasks in this store right now.</Trans>
        </Alert>
      ) : (
        <>
          <p className="suggestions-count">
            <Plural value={count} one="# more task available in this store" other="# more tasks available in this store" />
          </p>
          {groups.map((group) => (
            <section key={group.placeId} className="suggestions-place" aria-labelledby={`place-${group.placeId}`}>
              <h2 className="suggestions-place__title" id={`place-${group.placeId}`}>
                <Icon name="store" size={16} />
                <span>{group.place.title}</span>
                <span className="suggestions-place__count">{group.tasks.length}</span>
              </h2>
              <p className="suggestions-place__address muted">
                {group.place.address}, {group.place.city}
              </p>
              <ul className="task-list">
                {group.tasks.map((task) => (
                  <li key={task.id}>
                    <TaskCard item={{ task, distance: task.place.distance, isNew: isTaskTypeNew(task.taskType, now) }} locked={isSuggestionLocked(task, locks)} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {state?.pageInfo.hasNext && !loadingMore && <InfiniteScrollSentinel key={state.taskIds.length} onLoadMore={loadMore} />}
          {loadingMore && <div className="spinner" role="status" aria-label={t`Loading tasks…`} />}
        </>
      )}
      {firstPlaceId && (
        <Link className="btn btn-text" to={`/reservable?placeId=${encodeURIComponent(firstPlaceId)}`}>
          <Trans>Open in the offerings list</Trans>
        </Link>
      )}
    </div>
  );
}
