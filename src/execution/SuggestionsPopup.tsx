/**
 * The popup after completing a task (spec sections 2 and 4): up to 3 available tasks in the same
 * store, 'View all' when there are more. Closing goes on to the list chosen by afterCompletion.
 * Offline, or when the store has nothing more, the tasker goes straight on. A task the tasker
 * cannot reserve yet (not approved, a training missing) is marked locked, as in the task lists.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { groupSuggestionsByPlace, isSuggestionLocked, suggestionCount } from '../suggestions';
import { pullSuggestions, TaskCard } from '../tasks';
import { Dialog } from '#ui/Dialog';
import { Spinner } from '#ui/Spinner';
import { SUGGESTIONS_POPUP_MAX } from './afterCompletion';
import { useSuggestions } from './useSuggestions';

export function SuggestionsPopup({ taskId, onDone }: { taskId: string; onDone: () => void }) {
  const { t } = useLingui();
  const [pulled, setPulled] = useState<'pending' | 'ok' | 'failed'>('pending');
  const [pullStartedAt] = useState(() => new Date().toISOString());
  const read = useSuggestions(taskId);
  const state = read?.state;
  const rows = read?.rows;

  useEffect(() => {
    let cancelled = false;
    void pullSuggestions(taskId).then((result) => {
      if (!cancelled) setPulled(result.ok ? 'ok' : 'failed');
    });
    return () => {
      cancelled = true;
    };
  }, [taskId]);

  const tasks = state && rows ? groupSuggestionsByPlace(state.taskIds, rows, taskId).flatMap((g) => g.tasks) : null;
  const total = suggestionCount(state ?? null, tasks?.length ?? 0);
  // The worker answers before the page's live query sees its write: judge "nothing to suggest"
  // only on the list this pull wrote (or when the pull failed, e.g. offline).
  const fresh = state != null && state.syncedAt >= pullStartedAt;
  const nothing = pulled === 'failed' || (pulled === 'ok' && fresh && tasks !== null && tasks.length === 0);

  useEffect(() => {
    if (nothing) onDone();
  }, [nothing, onDone]);

  // A worker that answered ok but wrote no list: do not keep the tasker waiting.
  useEffect(() => {
    if (pulled !== 'ok' || fresh) return;
    const timer = window.setTimeout(onDone, 3000);
    return () => window.clearTimeout(timer);
  }, [pulled, fresh, onDone]);

  if (nothing) return null;
  return (
    <Dialog
      open
      onClose={onDone}
      title={<Trans>Task finished. More tasks in this store</Trans>}
      actions={
        <>
          {total > SUGGESTIONS_POPUP_MAX ? (
            <Link className="btn btn-secondary" to={`/task-suggestions/${encodeURIComponent(taskId)}`} replace>
              <Trans>View all</Trans>
            </Link>
          ) : null}
          <button type="button" className="btn" onClick={onDone}>
            <Trans>Close</Trans>
          </button>
        </>
      }
    >
      {tasks === null ? (
        <Spinner />
      ) : (
        <ul className="suggestion-list" aria-label={t`Suggested tasks`}>
          {tasks.slice(0, SUGGESTIONS_POPUP_MAX).map((task) => (
            <li key={task.id}>
              <TaskCard item={{ task, distance: task.place.distance, isNew: false }} locked={isSuggestionLocked(task, read)} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
