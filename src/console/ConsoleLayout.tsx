/**
 * The console's frame: the side navigation (only the sections the member's roles open), the
 * member's e-mail, roles and markets, the language, sign-out, and the connection banner.
 */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { staffLogout } from '#contracts/api/staffAuth';
import { staffCall } from './api';
import { ConnectionBanner } from './ConnectionBanner';
import { LanguageSelect } from './LanguageSelect';
import { sectionsFor } from './nav';
import { ROLE_LABELS } from './accounts/roles';
import { setSession, type StaffSession } from './session';
import { clearAllDrafts } from './drafts';

export function ConsoleLayout({ session, children }: { session: StaffSession; children: ReactNode }) {
  const { i18n, t } = useLingui();
  const sections = sectionsFor(session.staff.roles);
  async function signOut() {
    // The server forgets the refresh token; signed out here whether or not it answers.
    await staffCall(staffLogout, { body: { refreshToken: session.refreshToken } }).catch(() => undefined);
    // A shared desk: the next member must not find this one's unsent drafts.
    clearAllDrafts();
    setSession(null);
  }
  return (
    <div className="console">
      <aside className="console-nav">
        <NavLink to="/staff" end className="console-brand">
          Shelfwork <span>staff</span>
        </NavLink>
        <nav aria-label={t`Sections`}>
          <ul>
            {sections.map((section) => (
              <li key={section.path}>
                <NavLink to={section.path}>{i18n._(section.label)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="console-main">
        <header className="console-top">
          <div className="console-who">
            <strong>{session.staff.email}</strong>
            <span className="muted">
              {session.staff.roles.map((role) => i18n._(ROLE_LABELS[role])).join(', ')}
              {session.staff.markets.length > 0 ? ` · ${session.staff.markets.join(', ')}` : ''}
            </span>
          </div>
          <LanguageSelect />
          <button type="button" className="btn btn-text" onClick={() => void signOut()}>
            <Trans>Sign out</Trans>
          </button>
        </header>
        <ConnectionBanner />
        <main className="console-content">{children}</main>
      </div>
    </div>
  );
}
