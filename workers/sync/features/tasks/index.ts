/**
 * The task lists and the open task: which lists are pulled (the tabs' statuses always, the
 * history statuses while watched), a history list reopened starting again from its first page,
 * the next pages a screen asks for, the open task refreshed, the suggestions of a task, and the
 * reservation limit. An account that may not see tasks pulls no list and keeps no available task.
 */
import type { CommandResult } from '#contracts/sync';
import { TASK_STATUSES, type TaskStatus, type User } from '#domain/types';
import { canSeeTasks } from '#domain/users';
import { command, defineFeature } from '../../feature';
import { pullReservationLimit } from '../../pulls/account';
import { INTERVALS_MS, isDue, isHistoryStatus, metaKeyForStatus, metaKeyForTask } from '../../pulls/base';
import { pullNextHistoryPage } from '../../pulls/history';
import { pullSuggestions } from './suggestions';
import { pullTask, pullTasksByStatus } from '../../pulls/taskLists';

/** The lists every screen set needs (tabs and badges); history statuses are pulled while watched. */
export const DEFAULT_TASK_STATUSES: readonly TaskStatus[] = ['available', 'reserved', 'in_progress'];

/** A history list unwatched this long starts again from its first page when reopened. */
export const HISTORY_RESET_AFTER_MS = 10 * 60_000;

const OK: CommandResult = { ok: true, value: undefined };

export interface TaskSignals {
  /** The task lists shown (the tabs' statuses are pulled anyway; a history status while watched). */
  statuses?: TaskStatus[];
  /** The open task (refreshed every 30 s while open), or null when it closes. */
  taskId?: string | null;
}

export const tasks = defineFeature({
  name: 'tasks',
  setup: (ctx) => {
    const { db, session, now, pullCtx, guard, once } = ctx;
    let watchedStatuses: TaskStatus[] = [];
    let watchedTaskId: string | null = null;
    /** History statuses opened anew: their next first-page pull replaces the whole list. */
    const historyResets = new Set<TaskStatus>();
    /** When each history status stopped being watched (ms), to tell "back from a task" from "opened anew". */
    const unwatchedAt = new Map<TaskStatus, number>();

    /**
     * A history list opened for the first time in this worker, or after HISTORY_RESET_AFTER_MS
     * unwatched, starts again from its first page (its older pages may be stale); coming back from
     * a task within that time keeps the pages the tasker had scrolled through.
     */
    function noteHistoryWatch(next: readonly TaskStatus[]): void {
      const at = now().getTime();
      for (const status of watchedStatuses) {
        if (isHistoryStatus(status) && !next.includes(status)) unwatchedAt.set(status, at);
      }
      for (const status of next) {
        if (!isHistoryStatus(status) || watchedStatuses.includes(status)) continue;
        const since = unwatchedAt.get(status);
        if (since === undefined || at - since >= HISTORY_RESET_AFTER_MS) historyResets.add(status);
      }
    }

    /**
     * Own tasks (reserved, in progress, history) and, for those who may see tasks, available ones.
     * An account that may not see tasks (new, rejected, deactivated) pulls no list at all: the server
     * refuses every list to it (403 CANNOT_SEE_TASKS), and asking every minute only fills its meta
     * with errors.
     */
    function statusesToPull(user: User | null): TaskStatus[] {
      if (user && !canSeeTasks(user)) return [];
      const statuses = new Set<TaskStatus>([...DEFAULT_TASK_STATUSES, ...watchedStatuses]);
      if (!user) statuses.delete('available');
      return [...statuses];
    }

    /** One list: from its first page (replaced whole) if it starts afresh, see noteHistoryWatch. */
    function pullStatus(status: TaskStatus): Promise<unknown> {
      const replaceAll = historyResets.has(status);
      return guard(`${status} tasks pull`, async () => {
        const result = await pullTasksByStatus(pullCtx, status, { replaceAll });
        if (replaceAll && result.ok) historyResets.delete(status);
        // The open task left this list: learn where it went (or that it is gone) right away.
        const watched = watchedTaskId;
        if (watched && result.removed?.includes(watched)) await pullTask(pullCtx, watched);
        return result;
      });
    }

    async function pullWatched(statuses: readonly TaskStatus[], taskId: string | null): Promise<void> {
      await guard('watched pull', async () => {
        await ctx.ready;
        if (!(await session.tokens())) return;
        const at = now();
        const user = await db.user.get('me');
        const allowed = statusesToPull(user ?? null);
        const jobs: Promise<unknown>[] = [];
        for (const status of statuses) {
          if (!allowed.includes(status)) continue;
          if (historyResets.has(status) || (await isDue(db, metaKeyForStatus(status), INTERVALS_MS.tasks, at))) jobs.push(pullStatus(status));
        }
        if (taskId && taskId === watchedTaskId && (await isDue(db, metaKeyForTask(taskId), INTERVALS_MS.task, at))) {
          jobs.push(guard('task pull', () => pullTask(pullCtx, taskId)));
        }
        await Promise.all(jobs);
      });
    }

    return {
      commands: {
        /** Pull one task into the mirror (task detail is refreshed every 30 s while open). */
        refreshTask: command(async (taskId: string): Promise<CommandResult> => {
          await ctx.ready;
          try {
            return await pullTask(pullCtx, taskId);
          } catch (err) {
            ctx.warn('task pull failed', err);
            return { ok: false, error: { status: 0, code: 'UNKNOWN', message: String(err) } };
          }
        }),
        /**
         * Pulls a page of suggestions (available tasks in the same store) into `kv` under
         * `suggestions:<taskId>` as `{ taskIds, pageInfo, total, syncedAt }`, the tasks into `tasks`.
         * `more` appends the next page; otherwise the first page replaces the list.
         */
        pullSuggestions: command(async (taskId: string, more = false): Promise<CommandResult> => {
          await ctx.ready;
          return once(`suggestions:${taskId}:${more}`, () => pullSuggestions(pullCtx, taskId, more));
        }),
        /**
         * Pulls one more page (50) of a history status list; the first page comes with `watch`.
         * Reserved, in-progress and available lists are always pulled whole: nothing more to fetch.
         */
        pullMoreTasks: command(async (status: TaskStatus): Promise<CommandResult> => {
          await ctx.ready;
          if (!isHistoryStatus(status)) return OK;
          return once(`more:${status}`, async () => {
            if (!historyResets.has(status)) return pullNextHistoryPage(pullCtx, status);
            // Reopened and not yet restarted from page 1: do that first, or the pages would mix.
            const result = await pullTasksByStatus(pullCtx, status, { replaceAll: true });
            if (result.ok) historyResets.delete(status);
            return result.ok ? OK : { ok: false, error: result.error };
          });
        }),
      },
      watch: (signals: TaskSignals) => {
        if (signals.statuses !== undefined) {
          const next = signals.statuses.filter((s) => (TASK_STATUSES as readonly string[]).includes(s));
          noteHistoryWatch(next);
          watchedStatuses = next;
        }
        if (signals.taskId !== undefined) watchedTaskId = signals.taskId;
        // Only what this screen watches, and only if due (never synced, past its interval, or a
        // history list starting afresh): a screen mount must not cost a full sync (drain, every due
        // check, the pack cache) that competes with the screen's own reads. The full sync's triggers
        // (start, online, visibility, timer, background sync) keep pulling every watched collection.
        // Queued on the sync chain so it never overlaps a pull of the same collection.
        const statuses = watchedStatuses.filter((s) => signals.statuses?.includes(s));
        const taskId = signals.taskId ?? null;
        if (statuses.length === 0 && taskId === null) return;
        ctx.chain(() => pullWatched(statuses, taskId));
      },
      forget: () => {
        watchedStatuses = [];
        watchedTaskId = null;
        historyResets.clear();
        unwatchedAt.clear();
      },
      pulls: [
        {
          // Deactivated or rejected since the last pull: available tasks must not linger in the
          // mirror. Their meta row (and its delta cursor) goes with them: allowed again, the list
          // comes whole.
          stage: 'session',
          run: async () => {
            const user = await db.user.get('me');
            if (!user || canSeeTasks(user)) return;
            await db.transaction('rw', db.tasks, db.meta, async () => {
              await db.tasks.where('status').equals('available').delete();
              await db.meta.delete(metaKeyForStatus('available'));
            });
          },
        },
        {
          stage: 'account',
          run: async (sync) => {
            const seesTasks = !!sync.user && canSeeTasks(sync.user);
            if (seesTasks && (await sync.due('reservationLimit', INTERVALS_MS.reservationLimit))) {
              sync.start('reservation limit pull', () => pullReservationLimit(pullCtx));
            }
            for (const status of statusesToPull(sync.user)) {
              // A list just reopened is pulled now, fresh or not, so it does not shrink under the tasker later.
              if (!historyResets.has(status) && !(await sync.due(metaKeyForStatus(status), INTERVALS_MS.tasks))) continue;
              sync.start(`${status} tasks pull`, () => pullStatus(status));
            }
            const taskId = watchedTaskId;
            if (taskId && (await sync.due(metaKeyForTask(taskId), INTERVALS_MS.task))) sync.start('task pull', () => pullTask(pullCtx, taskId));
          },
        },
      ],
      followUps: { task: (followUp) => guard('task pull', () => pullTask(pullCtx, followUp.taskId)) },
    };
  },
});
