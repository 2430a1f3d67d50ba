/**
 * The task lists at /reservable, /reserved and /in_progress (spec section 2), one component for
 * the three routes: the status comes from the pathname (/reservable shows available tasks).
 * Renders inside the main layout, which owns the top bar and the bottom navigation.
 *
 * Keyed by status so a tab switch starts a fresh list: the live-query hook would otherwise keep
 * showing the previous status's rows until the new query answers, and paging/expansion state
 * belongs to one list.
 */
import { useLocation } from 'react-router';
import { statusFromPathname } from './routes';
import { TaskStatusList } from './TaskStatusList';
import './TaskListScreen.css';

export function TaskListScreen() {
  const { pathname } = useLocation();
  const status = statusFromPathname(pathname);
  return <TaskStatusList key={status} status={status} />;
}
