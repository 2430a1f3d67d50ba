/**
 * How to let the app read the location, per device (spec section 2: geolocation permission help
 * per device). Shown inside the start dialog when no position could be read, and on the
 * /geolocation-permissions page (src/welcome/PermissionScreens.tsx).
 */
import { Trans } from '@lingui/react/macro';
import { Alert } from '#ui/Alert';
import { deviceKind, type DeviceKind } from './startFlow';

function currentDevice(): DeviceKind {
  if (typeof navigator === 'undefined') return 'desktop';
  return deviceKind(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

/** `device`: whose steps to show (default: this device's; the /geolocation-permissions page lets the tasker pick); `alert`: the warning on top (off where location is allowed). */
export function GeolocationHelp({ denied, device: shown, alert = true }: { denied: boolean; device?: DeviceKind; alert?: boolean }) {
  const device = shown ?? currentDevice();
  return (
    <div className="geo-help stack">
      {alert ? (
      <Alert tone="warning">
        {denied ? (
          <Trans>Location access is blocked for Shelfwork. Starting a task needs your location to confirm you are at the store.</Trans>
        ) : (
          <Trans>Your location could not be read. Starting a task needs your location to confirm you are at the store.</Trans>
        )}
      </Alert>
      ) : null}
      {device === 'android' && (
        <ol className="geo-help__steps">
          <li>
            <Trans>Swipe down from the top of the screen and turn on Location.</Trans>
          </li>
          <li>
            <Trans>In Chrome, tap the icon left of the address bar, then Permissions → Location → Allow.</Trans>
          </li>
          <li>
            <Trans>If you use the installed app: long-press its icon, App info → Permissions → Location → Allow.</Trans>
          </li>
        </ol>
      )}
      {device === 'ios' && (
        <ol className="geo-help__steps">
          <li>
            <Trans>Open Settings → Privacy & Security → Location Services and turn it on.</Trans>
          </li>
          <li>
            <Trans>In the same list, open Safari Websites and choose “While Using the App”.</Trans>
          </li>
          <li>
            <Trans>Back in Safari, tap “aA” in the address bar → Website Settings → Location → Allow.</Trans>
          </li>
        </ol>
      )}
      {device === 'desktop' && (
        <ol className="geo-help__steps">
          <li>
            <Trans>Click the icon left of the address bar and allow Location for this site.</Trans>
          </li>
          <li>
            <Trans>Make sure location services are on in your computer's privacy settings.</Trans>
          </li>
        </ol>
      )}
      <p className="muted">
        <Trans>Then try again.</Trans>
      </p>
    </div>
  );
}
