/**
 * The task lists at /reservable, /reserved and /in_progress (spec section 2), one component for
 * the three routes: the status comes from the pathname (/reservable shows available tasks).
 * Renders inside the main layout, which owns the top bar and the bottom navigation.
 *
 * The status tabs and the attendance banner are the same for every list and stay mounted. Under
 * them each status has its own list, kept by an `<Activity>` as a phone's tab bar keeps its tabs:
 * the list of the current path is visible, the others are hidden with their state and DOM (their
 * effects, and so their live queries, stop while hidden). Once the visible list has answered and
 * the phone idles, the other lists' answers are read ahead and the lists not built yet are rendered
 * hidden from them, so a tab switch shows a list already built instead of building it (decision
 * 0014; docs/performance.md, "Lists on a slow phone"). Shown again, a list paints what it had and
 * its live query refreshes it right after.
 */
import { Activity, startTransition, useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { LIST_STATUSES, statusFromPathname, type ListStatus } from './routes';
import { TaskListSlotsProvider, type TaskListSlots } from './slots';
import { StatusTabs } from './StatusTabs';
import { TaskStatusList } from './TaskStatusList';
import './TaskListScreen.css';

/** `slots`: what the lists show of other features (the shell's, src/app/TaskListRoute.tsx). */
export function TaskListScreen({ slots }: { slots: TaskListSlots }) {
  const { pathname } = useLocation();
  const status = statusFromPathname(pathname);
  // The lists built so far: the current one, and all three once the others were read ahead.
  const [kept, setKept] = useState<readonly ListStatus[]>([status]);
  if (!kept.includes(status)) setKept([...kept, status]);
  // Counts the read-aheads: each renders the hidden lists again, which take its answers (a list
  // built hidden before the first sync ended would otherwise show that moment's mirror).
  const [readAheads, setReadAheads] = useState(0);
  const buildAll = useCallback(
    () =>
      startTransition(() => {
        setKept(LIST_STATUSES);
        setReadAheads((n) => n + 1);
      }),
    [setKept, setReadAheads],
  );
  const { AttendanceBanner } = slots;
  return (
    <TaskListSlotsProvider value={slots}>
      <div className="task-list-screen">
        <StatusTabs current={status} />
        <AttendanceBanner />
        {LIST_STATUSES.filter((s) => kept.includes(s)).map((s) => (
          <Activity key={s} mode={s === status ? 'visible' : 'hidden'}>
            <TaskStatusList status={s} onReadAhead={buildAll} readAheads={s === status ? 0 : readAheads} />
          </Activity>
        ))}
      </div>
    </TaskListSlotsProvider>
  );
}
