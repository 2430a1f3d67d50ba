/**
 * Checkboxes over a task's defects of one type, as the mirror holds them. A change is sent as
 * intent (this defect logged / unlogged); the worker applies it to the mirror's current set of
 * both types, so ticking a blocker never unlogs a regular defect and a change made in another tab
 * stays. Queues offline. Logging a regular defect also ticks the checklist's defects item
 * (defectLoggedTicks).
 */
import { Trans } from '@lingui/react/macro';
import type { TaskDefectRow } from '#db/schema';
import type { DefectType } from '#domain/types';
import { showToast } from '#ui/toastStore';
import { defectLoggedTicks } from './checklist';
import { changeChecklist, useChangeTaskDefects } from './mutations';
import { useChecklist } from './queries';
import { errorMessage } from '../i18n/errorMessages';

export function DefectChecklist({ taskId, defects, type, disabled }: { taskId: string; defects: readonly TaskDefectRow[]; type: DefectType; disabled: boolean }) {
  const changeTaskDefects = useChangeTaskDefects();
  const items = useChecklist(taskId);
  const shown = defects.filter((d) => d.type === type);
  const toggle = (id: string, checked: boolean) => {
    void changeTaskDefects(taskId, [{ defectId: id, checked }]).then((result) => {
      if (!result.ok) {
        showToast({ id: 'defects-error', kind: 'error', message: errorMessage('defects', result.error) });
        return;
      }
      const ticks = checked && type === 'regular' ? defectLoggedTicks(items ?? []) : [];
      if (ticks.length === 0) return;
      void changeChecklist(taskId, ticks).then((ticked) => {
        if (!ticked.ok) showToast({ id: 'checklist-error', kind: 'error', message: errorMessage('checklist', ticked.error) });
      });
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
