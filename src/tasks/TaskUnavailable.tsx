/**
 * Shown when a task is neither in the mirror nor obtainable: offline (explain, go back) or a
 * server failure. Not-found and forbidden answers redirect to the offerings instead.
 */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Icon } from '#ui/Icon';

export function TaskUnavailable({ reason }: { reason: 'offline' | 'error' }) {
  return (
    <div className="task-unavailable" role="alert">
      <Icon name={reason === 'offline' ? 'warning' : 'inbox'} size={36} className="task-unavailable__icon" />
      <h1 className="task-unavailable__title">
        <Trans>Task not found</Trans>
      </h1>
      <p className="task-unavailable__text">
        {reason === 'offline' ? (
          <Trans>This task is not saved on this device and you are offline. Connect to the internet to open it.</Trans>
        ) : (
          <Trans>The task could not be loaded. Please try again later.</Trans>
        )}
      </p>
      <Link to="/reservable" className="btn">
        <Trans>Back to tasks</Trans>
      </Link>
    </div>
  );
}
