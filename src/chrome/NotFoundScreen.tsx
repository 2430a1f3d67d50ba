/** `*`: not found, in the green layout. */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Icon } from '#ui/Icon';

export function NotFoundScreen() {
  return (
    <div className="message-screen">
      <Icon name="help" className="message-icon" />
      <h1 className="green-title">
        <Trans>Page not found</Trans>
      </h1>
      <p className="muted">
        <Trans>This page does not exist or has moved.</Trans>
      </p>
      <Link to="/" className="btn btn-block">
        <Trans>Go to home</Trans>
      </Link>
    </div>
  );
}
