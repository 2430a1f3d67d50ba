/**
 * What the three finishing forms (complete, incomplete, blocked) show before and after their form:
 * the suggestions once the completion is queued, the gate while the task is not in progress, and
 * nothing while the form's draft is read (the form appears with it, not empty and then filled).
 * The form itself gets its draft's key, the values it opens with and the send (finishForm.ts).
 */
import type { ReactNode } from 'react';
import type { TaskRow } from '#db/schema';
import type { CompletionOutcome } from '#domain/types';
import { ExecutionGate } from './ExecutionGate';
import { finishDraftKey, useFinish, useFinishDraft, type Finishing } from './finishForm';
import { SuggestionsPopup } from './SuggestionsPopup';

export interface FinishFormProps<V> {
  task: TaskRow;
  draftKey: string;
  initialValues: V;
  finishing: Finishing;
}

export function FinishFormGate<V extends Record<string, string | boolean>>({
  task,
  outcome,
  empty,
  form,
}: {
  task: TaskRow;
  outcome: CompletionOutcome;
  empty: V;
  form: (props: FinishFormProps<V>) => ReactNode;
}) {
  const draftKey = finishDraftKey(outcome, task.id);
  const restored = useFinishDraft(draftKey, empty);
  const finishing = useFinish(task, draftKey);
  if (finishing.next) return <SuggestionsPopup taskId={task.id} onDone={finishing.finish} />;
  if (task.status !== 'in_progress') return <ExecutionGate task={task} taskId={task.id} />;
  if (!restored) return null;
  return form({ task, draftKey, initialValues: restored, finishing });
}
