/** Sort by time or by distance (spec section 2); distance shows a spinner while locating. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaskListOrder } from './selectTasks';

export function TaskOrderToggle({
  order,
  locating,
  onChange,
}: {
  order: TaskListOrder;
  locating: boolean;
  onChange: (order: TaskListOrder) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="order-toggle" role="group" aria-label={t`Sort tasks`}>
      <button type="button" className="order-toggle__option" aria-pressed={order === 'time_window_start'} onClick={() => onChange('time_window_start')}>
        <Trans>Time</Trans>
      </button>
      <button
        type="button"
        className="order-toggle__option"
        aria-pressed={order === 'distance'}
        aria-busy={locating}
        disabled={locating}
        onClick={() => onChange('distance')}
      >
        {locating && <span className="order-toggle__spinner" aria-hidden="true" />}
        <Trans>Distance</Trans>
      </button>
    </div>
  );
}
