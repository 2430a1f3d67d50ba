/**
 * The push popup (spec sections 4 and 9): offered in the installed app (display-mode
 * standalone) to a logged-in tasker outside the embedded view (it lives in the main layout's top
 * bar, which neither the guest pages nor the embedded view render), while this device has no
 * push subscription the server knows. Closed at most 3 times (counted in local storage), then
 * never again; once per app start. With the permission blocked it says so and links to the
 * device instructions (/notification-permissions).
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '#ui/Dialog';
import { PUSH_POPUP_MAX_CLOSES } from '#domain/notifications';
import { countPopupClose, isInstalledApp, popupCloses, pushPermission, pushPopupWanted, pushState, pushSupported, turnOnPush } from './push';

let shownThisStart = false;

export function PushPopup() {
  const [open, setOpen] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (shownThisStart || !isInstalledApp() || !pushSupported() || popupCloses() >= PUSH_POPUP_MAX_CLOSES) return;
    let cancelled = false;
    void pushState().then((state) => {
      if (cancelled || shownThisStart) return;
      if (!pushPopupWanted({ installed: true, supported: true, closes: popupCloses(), state })) return;
      shownThisStart = true;
      setBlocked(pushPermission() === 'denied');
      setOpen(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (!open) return null;
  const close = () => {
    countPopupClose();
    setOpen(false);
  };
  return (
    <Dialog
      open
      onClose={close}
      title={blocked ? <Trans>Notifications are blocked</Trans> : <Trans>Turn on notifications</Trans>}
      actions={
        blocked ? (
          <Link className="btn" to="/notification-permissions" onClick={() => setOpen(false)}>
            <Trans>How to allow notifications</Trans>
          </Link>
        ) : (
          <>
            <button type="button" className="btn btn-text" onClick={close}>
              <Trans>Not now</Trans>
            </button>
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                setFailed(false);
                void turnOnPush().then((result) => {
                  setBusy(false);
                  if (result === 'active') setOpen(false);
                  else if (result === 'denied') setBlocked(pushPermission() === 'denied');
                  else setFailed(true);
                });
              }}
            >
              <Trans>Turn on</Trans>
            </button>
          </>
        )
      }
    >
      <div data-testid="push-popup">
      {blocked ? (
        <p>
          <Trans>Notifications are blocked for this app. The instructions for your device show how to allow them.</Trans>
        </p>
      ) : (
        <p>
          <Trans>Hear about new tasks near you, reviews of your work, bonuses and payouts, even when the app is closed.</Trans>
        </p>
      )}
      {failed ? (
        <p className="field-error" role="alert">
          <Trans>Notifications could not be turned on. Please try again when you have signal.</Trans>
        </p>
      ) : null}
      </div>
    </Dialog>
  );
}
