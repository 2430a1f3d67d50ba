/**
 * Checkboxes over a task's defects of one type. Every change sends the full set of logged defect
 * ids — of both types, so ticking a blocker never unlogs a regular defect — and queues offline.
 */
import { Trans } from '@lingui/react/macro';
import type { TaskDefectRow } from '../db/schema';
import type { DefectType } from '../domain/types';
import { showToast } from '../ui/toastStore';
import { defectIdsAfterToggle } from './checklist';
import { setTaskDefects } from './commands';
import { commandErrorMessage } from './errors';

export function DefectChecklist({ taskId, defects, type, disabled }: { taskId: string; defects: readonly TaskDefectRow[]; type: DefectType; disabled: boolean }) {
  const shown = defects.filter((d) => d.type === type);
  const toggle = (id: string, checked: boolean) => {
    void setTaskDefects(taskId, defectIdsAfterToggle(defects, id, checked)).then((result) => {
      if (!result.ok) showToast({ id: 'defects-error', kind: 'error', message: commandErrorMessage('defects', result.error) });
    });
  };
  if (shown.length === 0) {
    return (
      <p className="muted">
        {type === 'task_blocker' ? <Trans>No blockers are listed for this task.</Trans> : <Trans>No defects are listed for this task.</Trans>}
      </p>
    );
  }
  return (
    <ul className="defect-list">
      {shown.map((defect) => (
        <li key={defect.id}>
          <label className="check-row">
            <input type="checkbox" checked={defect.checked} disabled={disabled} onChange={(e) => toggle(defect.id, e.target.checked)} />
            <span>{defect.name}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
