/** The task detail while IndexedDB (or the first refresh) answers. */
import { Trans } from '@lingui/react/macro';

export function TaskDetailLoading() {
  return (
    <div className="task-detail" aria-busy="true">
      <div className="spinner" />
      <p className="visually-hidden">
        <Trans>Loading task…</Trans>
      </p>
    </div>
  );
}
