/**
 * The profile save messages of spec section 8: 'saved' (3 s) and 'could not save' (3 s). A save
 * made offline is kept on the phone and queued; it says so instead of pretending it arrived.
 */
import { msg } from '@lingui/core/macro';
import type { CommandResult } from '#contracts/sync';
import { showToast } from '#ui/toastStore';
import { errorMessage } from '../i18n/errorMessages';

const SAVE_TOAST_ID = 'profile-save';

export function showSaveFeedback(result: CommandResult<unknown>, online: boolean): void {
  if (result.ok) {
    showToast({
      id: SAVE_TOAST_ID,
      kind: 'success',
      message: online ? msg`Saved` : msg`Saved on this phone. It will be sent when there is a connection.`,
      durationMs: 3000,
    });
    return;
  }
  showToast({ id: SAVE_TOAST_ID, kind: 'error', message: errorMessage('retry', result.error), durationMs: 3000 });
}
