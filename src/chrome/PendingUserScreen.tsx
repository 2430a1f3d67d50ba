/**
 * Logged in, but the profile is not in the mirror yet (right after login, or a first start
 * offline). Never a redirect to /login: the session is fine, only the data is missing.
 */
import { Trans } from '@lingui/react/macro';
import { useSyncMeta } from '../sync/hooks';
import { Icon } from '#ui/Icon';
import { Spinner } from '#ui/Spinner';
import { GreenLayout } from './GreenLayout';
import { useSyncEverything } from './mutations';
import { SignOutButton } from './SignOutButton';

export interface PendingUserScreenProps {
  offline: boolean;
  /** Inside the main layout: no green page of its own. */
  inline?: boolean;
}

export function PendingUserScreen({ offline, inline = false }: PendingUserScreenProps) {
  const meta = useSyncMeta('user');
  const syncEverything = useSyncEverything();
  const failed = !offline && Boolean(meta?.error);

  if (!offline && !failed) {
    return (
      <Spinner fullScreen={!inline}>
        <Trans>Loading your profile…</Trans>
      </Spinner>
    );
  }
  const content = (
      <div className="message-screen">
        <Icon name={offline ? 'wifiOff' : 'warning'} className="message-icon" />
        <h1 className="green-title">
          {offline ? <Trans>Connect to the internet once</Trans> : <Trans>Could not load your profile</Trans>}
        </h1>
        <p className="muted">
          {offline ? (
            <Trans>You are signed in, but your profile has not been downloaded to this phone yet. It loads as soon as you are online.</Trans>
          ) : (
            <Trans>Something went wrong, please try again.</Trans>
          )}
        </p>
        <div className="stack">
          {!offline ? (
            <button type="button" className="btn btn-block" onClick={() => void syncEverything()}>
              <Trans>Try again</Trans>
            </button>
          ) : null}
          <SignOutButton className="btn btn-secondary btn-block">
            <Trans>Sign out</Trans>
          </SignOutButton>
        </div>
      </div>
  );
  return inline ? <div className="page">{content}</div> : <GreenLayout>{content}</GreenLayout>;
}
