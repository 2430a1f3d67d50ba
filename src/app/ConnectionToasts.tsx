/**
 * Connection notices (spec section 4): an info toast when the connection drops, and a 'back
 * online' toast for 3 s when it returns. Toasts last at most 5 s (spec section 8): a toast that
 * stayed would cover the screen's main button exactly when taskers work offline; the top bar's
 * pill keeps saying "Offline" (src/execution/GlobalSyncIndicator.tsx).
 */
import { msg } from '@lingui/core/macro';
import { useEffect, useRef } from 'react';
import { dismissToast, showToast } from '#ui/toastStore';
import { useOnline } from '../shared/useOnline';

const OFFLINE_ID = 'connection-offline';
const ONLINE_ID = 'connection-online';
/** Spec section 9: connection toast 3 s. */
export const BACK_ONLINE_MS = 3000;
/** Spec section 8: toasts last 2000–5000 ms. */
export const OFFLINE_TOAST_MS = 5000;

export function ConnectionToasts() {
  const online = useOnline();
  const previous = useRef<boolean | null>(null);

  useEffect(() => {
    const was = previous.current;
    previous.current = online;
    if (!online) {
      dismissToast(ONLINE_ID);
      showToast({
        id: OFFLINE_ID,
        kind: 'info',
        message: msg`You are offline. Everything you do is saved on this phone.`,
        durationMs: OFFLINE_TOAST_MS,
      });
    } else {
      dismissToast(OFFLINE_ID);
      // Only after an offline spell, not on every app start.
      if (was === false) showToast({ id: ONLINE_ID, kind: 'success', message: msg`You are back online`, durationMs: BACK_ONLINE_MS });
    }
  }, [online]);

  return null;
}
