/**
 * The checklist of an in-progress task (spec sections 2 and 3). Ticks are sent as the full set of
 * done ids (the worker debounces 100 ms and queues the last state). Auto-toggle items follow the
 * recorded work: when a photo, scan or defect appears (or goes), their state is sent once.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { ChecklistItemRow } from '../db/schema';
import { showToast } from '../ui/toastStore';
import { autoDoneState, autoToggleUpdate, effectiveDoneIds, toggleDone, type ChecklistEvidence } from './checklist';
import { ChecklistItemView } from './ChecklistItemView';
import { setChecklistDone } from './commands';
import { commandErrorMessage } from './errors';

export interface ChecklistSectionProps {
  taskId: string;
  items: readonly ChecklistItemRow[];
  evidence: ChecklistEvidence;
  /** The evidence is complete enough to untick: the pack's photos, scans and defects were read. */
  evidenceReady: boolean;
}

export function ChecklistSection({ taskId, items, evidence, evidenceReady }: ChecklistSectionProps) {
  const { t } = useLingui();
  // A tick shows at once; the mirror follows when the worker wrote it. An override counts only
  // while the mirror still holds the state it was made against, so a later change wins.
  const [overrides, setOverrides] = useState<Record<string, { done: boolean; base: boolean }>>({});
  const shown = items.map((item) => {
    const o = overrides[item.id];
    return o && o.base === item.isDone ? { ...item, isDone: o.done } : item;
  });
  const doneIds = effectiveDoneIds(shown, evidence);
  const update = evidenceReady ? autoToggleUpdate(items, evidence) : null;
  const updateKey = update?.join(',') ?? null;
  const sentKey = useRef<string | null>(null);

  useEffect(() => {
    // Once per distinct state: the mirror catches up with the worker's write a moment later.
    if (update === null || updateKey === sentKey.current) return;
    sentKey.current = updateKey;
    void setChecklistDone(taskId, update).then((result) => {
      if (!result.ok) showToast({ id: 'checklist-error', kind: 'error', message: commandErrorMessage('checklist', result.error) });
    });
  }, [taskId, update, updateKey]);

  const toggle = (itemId: string, done: boolean) => {
    const base = items.find((item) => item.id === itemId)?.isDone ?? false;
    setOverrides((current) => ({ ...current, [itemId]: { done, base } }));
    void setChecklistDone(taskId, toggleDone(items, doneIds, itemId, done)).then((result) => {
      if (result.ok) return;
      setOverrides((current) => {
        const { [itemId]: _dropped, ...rest } = current;
        return rest;
      });
      showToast({ id: 'checklist-error', kind: 'error', message: commandErrorMessage('checklist', result.error) });
    });
  };

  return (
    <section className="card exec-section" aria-label={t`Checklist`}>
      <h2 className="exec-section__title">
        <Trans>Checklist</Trans>
      </h2>
      {items.length === 0 ? (
        <p className="muted">
          <Trans>This task has no checklist. Follow the instructions and finish when done.</Trans>
        </p>
      ) : (
        <ul className="checklist">
          {shown.map((item) => (
            <ChecklistItemView
              key={item.id}
              taskId={taskId}
              item={item}
              done={doneIds.includes(item.id)}
              auto={autoDoneState(item, evidence) !== null}
              onToggle={(done) => toggle(item.id, done)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
