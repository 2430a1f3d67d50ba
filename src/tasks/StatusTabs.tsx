/**
 * The primary tabs between the three task lists of this version. Links, not buttons: each list
 * has its own route and the back button walks between them. History tabs arrive with /history.
 */
import { useLingui } from '@lingui/react/macro';
import { AppLink } from '../shared/AppLink';
import { LIST_STATUSES, pathForStatus, type ListStatus } from './routes';
import '../ui/tabs.css';

export function StatusTabs({ current }: { current: ListStatus }) {
  const { t } = useLingui();
  const labels: Record<ListStatus, string> = {
    available: t`Available`,
    reserved: t`Reserved`,
    in_progress: t`In progress`,
  };
  return (
    <nav className="status-tabs" aria-label={t`Task lists`}>
      {LIST_STATUSES.map((status) => (
        // A tab switch renders in one task, not in a sliced transition (`sync`, syncNavigation.ts).
        <AppLink
          key={status}
          sync
          to={pathForStatus(status)}
          className={`status-tabs__tab${status === current ? ' is-active' : ''}`}
          aria-current={status === current ? 'page' : undefined}
          title={labels[status]}
        >
          {labels[status]}
        </AppLink>
      ))}
    </nav>
  );
}
