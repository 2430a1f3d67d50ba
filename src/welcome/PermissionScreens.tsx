/**
 * /geolocation-permissions and /notification-permissions (spec section 2): how to allow the
 * location and the notifications, per device, as pages. The location steps are the start
 * dialog's (src/tasks/GeolocationHelp.tsx); the tasker can switch to another device's steps.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { GeolocationHelp, deviceKind, type DeviceKind } from '../tasks';
import './PermissionScreens.css';

function thisDevice(): DeviceKind {
  if (typeof navigator === 'undefined') return 'desktop';
  return deviceKind(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

function DevicePicker({ device, onPick }: { device: DeviceKind; onPick: (d: DeviceKind) => void }) {
  const { t } = useLingui();
  const names: Record<DeviceKind, string> = { android: t`Android`, ios: t`iPhone`, desktop: t`Computer` };
  return (
    <div className="install-devices" role="group" aria-label={t`Device`}>
      {(Object.keys(names) as DeviceKind[]).map((d) => (
        <button key={d} type="button" className="btn btn-secondary" aria-pressed={d === device} onClick={() => onPick(d)}>
          {names[d]}
        </button>
      ))}
    </div>
  );
}

/** The browser's permission state, when it tells ('granted' | 'denied' | 'prompt'). */
function usePermissionState(name: 'geolocation' | 'notifications'): PermissionState | null {
  const [state, setState] = useState<PermissionState | null>(null);
  useEffect(() => {
    let status: PermissionStatus | null = null;
    const update = () => status && setState(status.state);
    void navigator.permissions?.query({ name }).then(
      (s) => {
        status = s;
        update();
        s.addEventListener('change', update);
      },
      () => undefined,
    );
    return () => status?.removeEventListener('change', update);
  }, [name]);
  return state;
}

export function GeolocationPermissionScreen() {
  const [device, setDevice] = useState<DeviceKind>(thisDevice);
  const state = usePermissionState('geolocation');
  return (
    <div className="install-page">
      <h1 className="green-title">
        <Trans>Location permission</Trans>
      </h1>
      {state === 'granted' ? (
        <p className="alert alert-info">
          <Trans>Location is allowed for Shelfwork. Nothing to do.</Trans>
        </p>
      ) : null}
      <DevicePicker device={device} onPick={setDevice} />
      <GeolocationHelp denied={state === 'denied'} device={device} alert={state !== 'granted'} />
      <Link to="/" className="btn btn-text">
        <Trans>Back to the app</Trans>
      </Link>
    </div>
  );
}

export function NotificationPermissionScreen() {
  const [device, setDevice] = useState<DeviceKind>(thisDevice);
  const state = usePermissionState('notifications');
  return (
    <div className="install-page">
      <h1 className="green-title">
        <Trans>Notification permission</Trans>
      </h1>
      {state === 'granted' ? (
        <p className="alert alert-info">
          <Trans>Notifications are allowed for Shelfwork. Nothing to do.</Trans>
        </p>
      ) : state === 'denied' ? (
        <p>
          <Trans>Notifications are blocked. Allow them again to hear about new tasks and bonuses:</Trans>
        </p>
      ) : (
        <p>
          <Trans>Allow notifications when the app asks, to hear about new tasks and bonuses. If you blocked them, here is how to allow them again:</Trans>
        </p>
      )}
      <DevicePicker device={device} onPick={setDevice} />
      {device === 'android' ? (
        <ol className="perm-steps">
          <li>
            <Trans>Tap the icon left of the address bar (or the info icon).</Trans>
          </li>
          <li>
            <Trans>Tap Permissions, then Notifications → Allow. If you see “Reset permissions”, tap it.</Trans>
          </li>
          <li>
            <Trans>In the installed app: long-press its icon, App info → Notifications → turn them on.</Trans>
          </li>
          <li>
            <Trans>Close the app completely and open it again.</Trans>
          </li>
        </ol>
      ) : null}
      {device === 'ios' ? (
        <ol className="perm-steps">
          <li>
            <Trans>Notifications on iPhone need iOS 16.4 or newer and the app added to the home screen.</Trans>
          </li>
          <li>
            <Trans>Open Settings → Notifications → Shelfwork and turn on Allow Notifications.</Trans>
          </li>
          <li>
            <Trans>Close Shelfwork from the app switcher and open it again from the home screen.</Trans>
          </li>
        </ol>
      ) : null}
      {device === 'desktop' ? (
        <ol className="perm-steps">
          <li>
            <Trans>Click the icon left of the address bar.</Trans>
          </li>
          <li>
            <Trans>Open the site permissions, set Notifications to Allow, or click “Reset permissions”.</Trans>
          </li>
          <li>
            <Trans>Reload the page.</Trans>
          </li>
        </ol>
      ) : null}
      <Link to="/" className="btn btn-text">
        <Trans>Back to the app</Trans>
      </Link>
    </div>
  );
}
