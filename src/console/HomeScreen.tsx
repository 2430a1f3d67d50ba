/** The console's start page: the member's sections as cards; a reviewer's card says how many tasks await review. */
import { Link } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { reviewQueue } from '#contracts/api/staffReview';
import { useStaffQuery } from './api';
import { getSession } from './session';
import { sectionsFor } from './nav';

export function HomeScreen() {
  const { i18n } = useLingui();
  const session = getSession();
  const roles = session?.staff.roles ?? [];
  const sections = sectionsFor(roles);
  // One row is enough: the answer's total counts every task awaiting review in the member's markets.
  const queue = useStaffQuery(reviewQueue, roles.includes('reviewer') ? { query: { limit: '1' } } : null);
  const awaiting = queue.data?.total;
  return (
    <div className="console-home">
      <h1>
        <Trans>Welcome, {session?.staff.name || session?.staff.email}</Trans>
      </h1>
      {sections.length === 0 ? (
        <p className="alert alert-warning">
          <Trans>Your account has no roles yet. Ask an admin to give you one.</Trans>
        </p>
      ) : (
        <ul className="console-home__grid">
          {sections.map((section) => (
            <li key={section.path}>
              <Link className="card console-home__card" to={section.path}>
                {i18n._(section.label)}
                {section.path === '/staff/review' && awaiting !== undefined ? (
                  <span className="console-home__count">
                    <Plural value={awaiting} one="# task awaits review" other="# tasks await review" />
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
