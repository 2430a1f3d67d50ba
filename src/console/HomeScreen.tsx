/** The console's start page: the member's sections as cards. */
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { getSession } from './session';
import { sectionsFor } from './nav';

export function HomeScreen() {
  const { i18n } = useLingui();
  const session = getSession();
  const sections = sectionsFor(session?.staff.roles ?? []);
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
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
