/**
 * What the three finishing forms (complete, incomplete, blocked) share: their values kept as a
 * draft in the mirror (src/shared/drafts.ts), so going to the camera for the required photo, a
 * reload or a closed app loses nothing, online or offline; and the send, which clears the draft
 * once the completion is queued and, when it cannot be sent now, tells the tasker the result is
 * saved on the phone.
 */
import { msg } from '@lingui/core/macro';
import { liveQuery, type Subscription } from 'dexie';
import { useEffect, useRef, useState } from 'react';
import { CONNECTION_KEY, readConnectionState } from '#contracts/kv';
import { COMPLETE_KIND } from '#db/outboxKinds';
import { getDb, type TaskRow } from '#db/schema';
import type { CompletionInput } from '#domain/completion';
import type { CompletionOutcome } from '#domain/types';
import { showToast } from '#ui/toastStore';
import { clearDraft, sameTypesAs, saveDraft, useDraft } from '../shared/drafts';
import { isOnline } from '../shared/useOnline';
import { useCompleteTask } from './mutations';

/** The draft of a task's finishing form: one per outcome, so each form keeps its own text. */
export function finishDraftKey(outcome: CompletionOutcome, taskId: string): string {
  return `finish:${outcome}:${taskId}`;
}

/**
 * The values a finishing form starts from: its draft as it was when the form opened (`undefined`
 * while the draft is read, so the form appears filled rather than empty and then filled), a field
 * of the wrong type (a draft of another version of the app) replaced by its empty value. Read once:
 * from then on the Formik form holds the values and `useKeepDraft` writes them back.
 */
export function useFinishDraft<T extends Record<string, string | boolean>>(key: string, empty: T): T | undefined {
  const draft = useDraft<unknown>(key);
  const [restored, setRestored] = useState<{ key: string; values: T } | null>(null);
  if (restored?.key === key) return restored.values;
  if (draft === undefined) return undefined;
  const values = sameTypesAs(empty)(draft?.values);
  setRestored({ key, values });
  return values;
}

/**
 * Keeps a Formik form's values as its draft each time the tasker changes them (not the values it
 * opened with, so opening a form writes nothing). The draft is dropped by `useFinish` once sent.
 */
export function useKeepDraft<T>(key: string, values: T): void {
  const opened = useRef(values);
  useEffect(() => {
    if (values !== opened.current) void saveDraft(key, values);
  }, [key, values]);
}

/** How long the page watches a finished task's first try to be sent (then it stops watching). */
const SEND_WATCH_MS = 120_000;

/**
 * Tells the tasker a finished task is kept on the phone when it cannot be sent now: at once when
 * the app knows it is offline, otherwise as soon as the worker's try to send finds no connection
 * (after a reload without signal the browser may still say it is online). Nothing is said once the
 * completion has left the outbox.
 */
function sayWhenKeptOnPhone(taskId: string): void {
  const say = () =>
    showToast({ id: `finished-offline-${taskId}`, kind: 'success', message: msg`Task finished. The result is saved on this phone and will be sent when there is a connection.` });
  if (!isOnline()) {
    say();
    return;
  }
  const db = getDb();
  let subscription: Subscription | null = null;
  let stopped = false;
  const stop = () => {
    stopped = true;
    window.clearTimeout(timer);
    subscription?.unsubscribe();
  };
  const timer = window.setTimeout(stop, SEND_WATCH_MS);
  subscription = liveQuery(() =>
    db.transaction('r', db.outbox, db.kv, async () => ({
      waiting: (await db.outbox.where('taskId').equals(taskId).filter((record) => record.kind === COMPLETE_KIND).count()) > 0,
      unanswered: readConnectionState((await db.kv.get(CONNECTION_KEY))?.value)?.answered === false,
    })),
  ).subscribe({
    next: ({ waiting, unanswered }) => {
      if (stopped) return;
      if (waiting && unanswered) say();
      if (!waiting || unanswered) stop();
    },
    error: stop,
  });
  if (stopped) subscription.unsubscribe();
}

/** A finishing form's send: `submit`, whether it is under way, its failure, and what comes after. */
export type Finishing = ReturnType<typeof useFinish>;

/** Sends the completion (useCompleteTask); once queued, drops the draft and says when it stays on the phone for now. */
export function useFinish(task: TaskRow, draftKey: string) {
  const complete = useCompleteTask(task);
  const submit = async (input: CompletionInput): Promise<void> => {
    if (!(await complete.submit(input))) return;
    await clearDraft(draftKey);
    sayWhenKeptOnPhone(task.id);
  };
  return { ...complete, submit };
}
