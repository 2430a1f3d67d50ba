/**
 * A failed access command as a toast, in the words of src/i18n/errorMessages.ts (spec section 8):
 * a 420's own message (e.g. 'Please register first'), 'Cannot connect to server', the service
 * being temporarily unavailable (502/503/504), 'Too many attempts' (429), else 'Could not login'
 * / 'Could not register'.
 */
import { errorMessage } from '../i18n/errorMessages';
import type { CommandError } from '../contracts/sync';
import { showToast } from '../ui/toastStore';

export type AccessCommand = 'login' | 'register';

export function showCommandFailure(error: CommandError, command: AccessCommand): void {
  showToast({ kind: 'error', message: errorMessage(command, error), durationMs: 5000 });
}
