/**
 * The routes' error element (a failed lazy chunk, a render crash): 'Unknown Error' with the
 * spec's recovery actions — retry (reload) or home.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Icon } from '#ui/Icon';
import { GreenLayout } from '../chrome/GreenLayout';

export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[app] route error', error);
  }, [error]);
  return (
    <GreenLayout>
      <div className="message-screen">
        <Icon name="warning" className="message-icon" />
        <h1 className="green-title">
          <Trans>Unknown Error</Trans>
        </h1>
        <p className="muted">
          <Trans>Something went wrong, please try again.</Trans>
        </p>
        <div className="stack">
          <button type="button" className="btn btn-block" onClick={() => window.location.reload()}>
            <Trans>Try again</Trans>
          </button>
          <a href="/" className="btn btn-secondary btn-block">
            <Trans>Go to home</Trans>
          </a>
        </div>
      </div>
    </GreenLayout>
  );
}
