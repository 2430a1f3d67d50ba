/**
 * Network commands (login, send code, register, task detail load) raise 'It takes longer than
 * usual, please wait' when they are still running after 5 s (spec section 8). Usable from any
 * mutation: `trackSlow(runCommand((api) => api.sendEmailCode(email)))` (src/auth/mutations.ts).
 */
import { msg } from '@lingui/core/macro';
import { useEffect } from 'react';
import { dismissToast, showToast } from '#ui/toastStore';

export const SLOW_COMMAND_MS = 5000;
const SLOW_TOAST_ID = 'slow-command';
let running = 0;

// Generic over the promise type: Comlink's Remote<> types a union result as a union of promises.
/** Starts waiting; the returned function ends it. The notice shows while any wait is past 5 s. */
function beginWait(): () => void {
  running += 1;
  const timer = setTimeout(() => {
    showToast({ id: SLOW_TOAST_ID, kind: 'info', message: msg`It takes longer than usual, please wait`, durationMs: null });
  }, SLOW_COMMAND_MS);
  return () => {
    clearTimeout(timer);
    running -= 1;
    // Several waits may overlap; the notice goes when the last one settles.
    if (running === 0) dismissToast(SLOW_TOAST_ID);
  };
}

export async function trackSlow<P extends PromiseLike<unknown>>(command: P): Promise<Awaited<P>> {
  const end = beginWait();
  try {
    return await command;
  } finally {
    end();
  }
}

/** For loading screens: the tasker is waiting for as long as the component is mounted. */
export function useSlowNotice(): void {
  useEffect(() => beginWait(), []);
}
