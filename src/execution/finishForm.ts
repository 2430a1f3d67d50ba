/**
 * What the three finishing forms (complete, incomplete, blocked) share: their values kept as a
 * draft in the mirror (src/shared/drafts.ts), so going to the camera for the required photo, a
 * reload or a closed app loses nothing, online or offline; and the send, which clears the draft
 * once the completion is queued and, offline, tells the tasker the result is saved on the phone.
 */
import { msg } from '@lingui/core/macro';
import { useState } from 'react';
import type { TaskRow } from '#db/schema';
import type { CompletionInput } from '#domain/completion';
import type { CompletionOutcome } from '#domain/types';
import { showToast } from '#ui/toastStore';
import { clearDraft, saveDraft, useDraft } from '../shared/drafts';
import { useOnline } from '../shared/useOnline';
import { useCompleteTask } from './mutations';

/** The draft of a task's finishing form: one per outcome, so each form keeps its own text. */
export function finishDraftKey(outcome: CompletionOutcome, taskId: string): string {
  return `finish:${outcome}:${taskId}`;
}

/**
 * `empty`'s fields with a draft's values where they have the same type (a draft written by another
 * version of the app, or by hand, cannot put a wrong type into the form).
 */
export function restoreDraft<T extends Record<string, string | boolean>>(empty: T, saved: unknown): T {
  if (typeof saved !== 'object' || saved === null) return empty;
  const restored: Record<string, string | boolean> = { ...empty };
  for (const [field, value] of Object.entries(empty)) {
    const kept = (saved as Record<string, unknown>)[field];
    if (typeof kept === typeof value) restored[field] = kept as string | boolean;
  }
  return restored as T;
}

/**
 * The form's values, restored from the mirror's draft (`undefined` while it is read), and `change`,
 * which updates them and keeps them as the draft.
 */
export function useFinishDraft<T extends Record<string, string | boolean>>(key: string, empty: T): { values: T | undefined; change: (patch: Partial<T>) => void } {
  const draft = useDraft<T>(key);
  const [typed, setTyped] = useState<T | null>(null);
  const values = typed ?? (draft === undefined ? undefined : restoreDraft(empty, draft?.values));
  const change = (patch: Partial<T>) => {
    const next = { ...(values ?? empty), ...patch };
    setTyped(next);
    void saveDraft(key, next);
  };
  return { values, change };
}

/** Sends the completion (useCompleteTask); once queued, drops the draft and, offline, says it is kept on the phone. */
export function useFinish(task: TaskRow, draftKey: string) {
  const online = useOnline();
  const complete = useCompleteTask(task);
  const submit = async (input: CompletionInput): Promise<void> => {
    if (!(await complete.submit(input))) return;
    await clearDraft(draftKey);
    if (!online) {
      showToast({ kind: 'success', message: msg`Saved on this phone. The result will be sent when there is a connection.` });
    }
  };
  return { ...complete, submit };
}
