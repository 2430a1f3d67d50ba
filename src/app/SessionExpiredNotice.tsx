/**
 * 'Session expired, please re-login' with a login button (spec section 8), while the sync worker
 * has flagged `sessionExpired` in the kv table (its token refresh failed).
 */
import { msg } from '@lingui/core/macro';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SESSION_EXPIRED_KEY } from '#contracts/kv';
import { useKv } from '../sync/hooks';
import { dismissToast, showToast } from '#ui/toastStore';
import { signOut } from '../chrome/mutations';

const TOAST_ID = 'session-expired';

export function SessionExpiredNotice() {
  const expired = useKv<boolean>(SESSION_EXPIRED_KEY);
  const navigate = useNavigate();

  useEffect(() => {
    if (expired !== true) {
      dismissToast(TOAST_ID);
      return;
    }
    showToast({
      id: TOAST_ID,
      kind: 'error',
      message: msg`Session expired, please re-login`,
      durationMs: null,
      action: {
        label: msg`Log in`,
        onClick: () => {
          void signOut().then(() => navigate('/login', { replace: true }));
        },
      },
    });
  }, [expired, navigate]);

  return null;
}
