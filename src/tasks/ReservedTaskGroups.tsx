/**
 * The reserved list grouped by start date — must be done today, begins today, tomorrow, then by
 * date (spec section 2) — each group showing 2 tasks until expanded (spec section 9).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useMemo, useState } from 'react';
import type { TaskRow } from '#db/schema';
import type { ReservedGroup } from '#domain/tasks';
import { formatDateKey } from '../i18n/format';
import { collapse, groupReservedTasks } from './grouping';
import type { TaskListItem } from './selectTasks';
import { TaskCard } from './TaskCard';

export interface ReservedTaskGroupsProps {
  items: readonly TaskListItem<TaskRow>[];
  now: Date;
  timeZone: string;
  isLocked: (task: TaskRow) => boolean;
  /** What is shown answers an earlier request; the current one is being read. */
  busy?: boolean;
}

/** Memoised like `TaskCard`: grouping formats three dates per task. */
export const ReservedTaskGroups = memo(function ReservedTaskGroups({ items, now, timeZone, isLocked, busy = false }: ReservedTaskGroupsProps) {
  const { t, i18n } = useLingui();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const groups = useMemo(() => groupReservedTasks(items, (item) => item.task, now, timeZone), [items, now, timeZone]);

  const title = (group: ReservedGroup): string => {
    switch (group.kind) {
      case 'must_be_done_today':
        return t`Must be done today`;
      case 'begins_today':
        return t`Begins today`;
      case 'tomorrow':
        return t`Tomorrow`;
      default:
        return formatDateKey(group.dateKey, i18n.locale);
    }
  };

  const toggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div className="task-groups" aria-busy={busy || undefined}>
      {groups.map((group) => {
        const isExpanded = expanded.has(group.key);
        const { visible, hiddenCount, canToggle } = collapse(group.items, isExpanded);
        const listId = `task-group-${group.key.replace(/[^a-z0-9-]/gi, '-')}`;
        const count = group.items.length;
        return (
          <section key={group.key} className={`task-group task-group--${group.group.kind}`} aria-labelledby={`${listId}-title`}>
            <h2 className="task-group__title" id={`${listId}-title`}>
              <span>{title(group.group)}</span>
              <span className="task-group__count">{count}</span>
            </h2>
            <ul className="task-list" id={listId}>
              {visible.map((item) => (
                <li key={item.task.id}>
                  <TaskCard item={item} locked={isLocked(item.task)} />
                </li>
              ))}
            </ul>
            {canToggle && (
              <button type="button" className="btn btn-text task-group__toggle" aria-expanded={isExpanded} aria-controls={listId} onClick={() => toggle(group.key)}>
                {isExpanded ? <Trans>Show less</Trans> : <Trans>Show {hiddenCount} more</Trans>}
              </button>
            )}
          </section>
        );
      })}
    </div>
  );
});
