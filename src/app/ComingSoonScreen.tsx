/**
 * Placeholder for drawer and tab destinations whose screens come in later issues (support,
 * history, trainings, invite, FAQ, knowledge base, troubleshooting, profile): says so plainly
 * instead of a 404 or a fake screen.
 */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Icon } from '#ui/Icon';
import './ComingSoonScreen.css';

export function ComingSoonScreen() {
  return (
    <section className="coming-soon">
      <Icon name="clock" className="coming-soon-icon" />
      <h2 className="coming-soon-title">
        <Trans>This section is coming soon</Trans>
      </h2>
      <p className="muted">
        <Trans>We are still building it. Everything else in the app works as usual.</Trans>
      </p>
      <Link to="/" className="btn btn-secondary">
        <Trans>Back to tasks</Trans>
      </Link>
    </section>
  );
}
