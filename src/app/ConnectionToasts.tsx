/**
 * Connection notices (spec section 4): an info toast that stays while offline, and a 'back online'
 * toast for 3 s when the connection returns.
 */
import { msg } from '@lingui/core/macro';
import { useEffect, useRef } from 'react';
import { dismissToast, showToast } from '../ui/toastStore';
import { useOnline } from './useOnline';

const OFFLINE_ID = 'connection-offline';
const ONLINE_ID = 'connection-online';
/** Spec section 9: connection toast 3 s. */
export const BACK_ONLINE_MS = 3000;

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
        durationMs: null,
      });
    } else {
      dismissToast(OFFLINE_ID);
      // Only after an offline spell, not on every app start.
      if (was === false) showToast({ id: ONLINE_ID, kind: 'success', message: msg`You are back online`, durationMs: BACK_ONLINE_MS });
    }
  }, [online]);

  return null;
}
