/**
 * What the three finishing forms (complete, incomplete, blocked) share: their values kept as a
 * draft in the mirror (src/shared/drafts.ts), so going to the camera for the required photo, a
 * reload or a closed app loses nothing, online or offline; and the send, which clears the draft
 * once the completion is queued and, offline, tells the tasker the result is saved on the phone.
 */
import { msg } from '@lingui/core/macro';
import type { TaskRow } from '#db/schema';
import type { CompletionInput } from '#domain/completion';
import type { CompletionOutcome } from '#domain/types';
import { showToast } from '#ui/toastStore';
import { clearDraft, sameTypesAs, useDraftValues } from '../shared/drafts';
import { isOnline } from '../shared/useOnline';
import { useCompleteTask } from './mutations';

/** The draft of a task's finishing form: one per outcome, so each form keeps its own text. */
export function finishDraftKey(outcome: CompletionOutcome, taskId: string): string {
  return `finish:${outcome}:${taskId}`;
}

/** The form's values, restored from its draft (`undefined` while it is read), and `change`, which keeps them. */
export function useFinishDraft<T extends Record<string, string | boolean>>(key: string, empty: T) {
  return useDraftValues(key, sameTypesAs(empty));
}

/** Sends the completion (useCompleteTask); once queued, drops the draft and, offline, says it is kept on the phone. */
export function useFinish(task: TaskRow, draftKey: string) {
  const complete = useCompleteTask(task);
  const submit = async (input: CompletionInput): Promise<void> => {
    if (!(await complete.submit(input))) return;
    await clearDraft(draftKey);
    if (!isOnline()) {
      showToast({ kind: 'success', message: msg`Task finished. The result is saved on this phone and will be sent when there is a connection.` });
    }
  };
  return { ...complete, submit };
}
