/**
 * Empty states per list (spec section 2: each list has empty-state text). When the tasker's own
 * search or filter emptied the list, say so and offer to clear them.
 */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { ListStatus } from './routes';
import { Icon } from '#ui/Icon';

export interface TaskListEmptyProps {
  status: ListStatus;
  /** The tasker's search or filter hid every task. */
  narrowed: boolean;
  /** The list was never downloaded: "empty" would be a lie. */
  neverSynced: boolean;
  onClear: () => void;
}

export function TaskListEmpty({ status, narrowed, neverSynced, onClear }: TaskListEmptyProps) {
  if (neverSynced) {
    return (
      <div className="task-empty" role="status">
        <Icon name="inbox" size={32} className="task-empty__icon" />
        <p className="task-empty__title">
          <Trans>Tasks are not downloaded yet</Trans>
        </p>
        <p className="task-empty__hint">
          <Trans>They appear here once the app has been online. Afterwards this list works offline too.</Trans>
        </p>
      </div>
    );
  }
  if (narrowed) {
    return (
      <div className="task-empty" role="status">
        <Icon name="search" size={32} className="task-empty__icon" />
        <p className="task-empty__title">
          <Trans>No tasks match your search or filter</Trans>
        </p>
        <p className="task-empty__hint">
          <Trans>Try other words, or show all task types.</Trans>
        </p>
        <button type="button" className="btn btn-secondary" onClick={onClear}>
          <Trans>Clear search and filter</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className="task-empty" role="status">
      <Icon name="inbox" size={32} className="task-empty__icon" />
      {status === 'available' && (
        <>
          <p className="task-empty__title">
            <Trans>No tasks available right now</Trans>
          </p>
          <p className="task-empty__hint">
            <Trans>New tasks appear here as soon as they are published. Check back later, or change your search or filters.</Trans>
          </p>
        </>
      )}
      {status === 'reserved' && (
        <>
          <p className="task-empty__title">
            <Trans>You have no reserved tasks</Trans>
          </p>
          <p className="task-empty__hint">
            <Trans>Reserve a task from the available ones and it will wait for you here.</Trans>
          </p>
          <Link to="/reservable" className="btn btn-secondary">
            <Trans>See available tasks</Trans>
          </Link>
        </>
      )}
      {status === 'in_progress' && (
        <>
          <p className="task-empty__title">
            <Trans>No task in progress</Trans>
          </p>
          <p className="task-empty__hint">
            <Trans>Start a reserved task when you are at the store.</Trans>
          </p>
          <Link to="/reserved" className="btn btn-secondary">
            <Trans>See reserved tasks</Trans>
          </Link>
        </>
      )}
    </div>
  );
}
