/**
 * What the tasker is told when an access command fails (spec section 8): 420 → the server's own
 * message; no connection → 'Cannot connect to server'; 502/503/504 → the service is temporarily
 * unavailable; 429 → slow down; otherwise 'Could not login' / 'Could not register'. Shown as a toast.
 */
import { msg } from '@lingui/core/macro';
import type { CommandError } from '../sync/contract';
import { showToast } from '../ui/toastStore';

export type AccessCommand = 'login' | 'register';

export function showCommandFailure(error: CommandError, command: AccessCommand): void {
  if (error.status === 0) {
    showToast({ kind: 'error', message: msg`Cannot connect to server`, durationMs: 5000 });
  } else if (error.status === 502 || error.status === 503 || error.status === 504) {
    // The server (503 SERVICE_UNAVAILABLE: its database or disk is out) or the proxy in front of it is down.
    showToast({ kind: 'error', message: msg`The service is temporarily unavailable. Please try again in a few minutes.`, durationMs: 5000 });
  } else if (error.status === 429) {
    showToast({ kind: 'error', message: msg`Too many attempts. Please wait a few minutes and try again.`, durationMs: 5000 });
  } else if (error.status === 420 && error.message) {
    // Business refusals carry a message meant for the tasker (e.g. 'Please register first').
    showToast({ kind: 'error', message: error.message, durationMs: 5000 });
  } else {
    showToast({ kind: 'error', message: command === 'login' ? msg`Could not login` : msg`Could not register`, durationMs: 5000 });
  }
}
