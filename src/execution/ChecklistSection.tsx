/**
 * The checklist of an in-progress task (spec sections 2 and 3). A tick is sent as intent (this item
 * done / not done); the worker applies it to the mirror's current ticks, so a change made in
 * another tab stays, debounces 100 ms and queues the resulting state. What the screen shows is the
 * mirror: a tick just made shows at once and only until the mirror has answered for it. Auto-toggle
 * items follow the recorded work: when a photo, scan or defect appears (or goes), their change is
 * sent once.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChecklistItemRow } from '#db/schema';
import { showToast } from '#ui/toastStore';
import { autoDoneState, autoToggleChanges, effectiveDoneIds, type ChecklistEvidence } from './checklist';
import { ChecklistItemView } from './ChecklistItemView';
import { changeChecklist } from './mutations';
import { errorMessage } from '../i18n/errorMessages';
import '../ui/workPage.css';

export interface ChecklistSectionProps {
  taskId: string;
  items: readonly ChecklistItemRow[];
  evidence: ChecklistEvidence;
  /** The evidence is complete enough to untick: the pack's photos, scans and defects were read. */
  evidenceReady: boolean;
}

/** A tick the tasker just made: `seen` is null until the worker answered. */
interface PendingTick {
  done: boolean;
  token: number;
  seen: readonly ChecklistItemRow[] | null;
}

export function ChecklistSection({ taskId, items, evidence, evidenceReady }: ChecklistSectionProps) {
  const { t } = useLingui();
  // A tick shows at once, while its command is on its way to the worker. Once the worker has
  // answered, the mirror holds it: the tick is then shown only until the mirror's next snapshot
  // (`seen` = the items the screen had when the answer came), so it never hides a later change,
  // such as one made in another tab.
  const [pending, setPending] = useState<Record<string, PendingTick>>({});
  const latestItems = useRef(items);
  const ticks = useRef(0);
  useEffect(() => {
    latestItems.current = items;
  }, [items]);
  const shown = items.map((item) => {
    const tick = pending[item.id];
    return tick && (tick.seen === null || tick.seen === items) ? { ...item, isDone: tick.done } : item;
  });
  const doneIds = effectiveDoneIds(shown, evidence);
  const auto = useMemo(() => (evidenceReady ? autoToggleChanges(items, evidence) : []), [evidenceReady, items, evidence]);
  const autoKey = auto.map((change) => `${change.itemId}:${change.done}`).join(',');
  const sentKey = useRef('');

  useEffect(() => {
    // Once per distinct change: the mirror catches up with the worker's write a moment later.
    if (auto.length === 0 || autoKey === sentKey.current) return;
    sentKey.current = autoKey;
    void changeChecklist(taskId, auto).then((result) => {
      if (!result.ok) showToast({ id: 'checklist-error', kind: 'error', message: errorMessage('checklist', result.error) });
    });
  }, [taskId, auto, autoKey]);

  const toggle = (itemId: string, done: boolean) => {
    const token = ++ticks.current;
    setPending((current) => ({ ...current, [itemId]: { done, token, seen: null } }));
    void changeChecklist(taskId, [{ itemId, done }]).then((result) => {
      const seen = latestItems.current;
      setPending((current) => {
        const tick = current[itemId];
        if (tick?.token !== token) return current; // a later tick of the item is on its way
        if (result.ok) return { ...current, [itemId]: { ...tick, seen } };
        const { [itemId]: _dropped, ...rest } = current;
        return rest;
      });
      if (!result.ok) showToast({ id: 'checklist-error', kind: 'error', message: errorMessage('checklist', result.error) });
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
