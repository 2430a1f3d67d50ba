/** The task detail while IndexedDB (or the first refresh) answers. */
import { Trans } from '@lingui/react/macro';
import { useSlowNotice } from '../shared/slowCommand';

export function TaskDetailLoading() {
  // A task that is not in the mirror yet is loaded over the network: say so after 5 s.
  useSlowNotice();
  return (
    <div className="task-detail" aria-busy="true">
      <div className="spinner" />
      <p className="visually-hidden">
        <Trans>Loading task…</Trans>
      </p>
    </div>
  );
}
