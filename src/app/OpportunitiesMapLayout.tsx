/**
 * /opportunities-map is public (spec section 2 groups it with /welcome): signed in, it is a screen
 * of the main layout as before; signed out, the map comes in a plain frame with the brand, the
 * language picker and the way to log in or register. A signed-out visitor's mirror has no places
 * (the sync worker pulls them for a session), so the frame says what logging in shows instead of
 * the map's "nothing this week".
 */
import { Trans } from '@lingui/react/macro';
import { Link, Outlet } from 'react-router';
import { BrandMark } from '#ui/BrandMark';
import { Spinner } from '#ui/Spinner';
import { useSessionEmail } from '../auth/queries';
import { LanguageSelect } from '../chrome/LanguageSelect';
import { MainLayout } from './MainLayout';
import './PublicMapLayout.css';

export function OpportunitiesMapLayout() {
  const session = useSessionEmail();
  if (session === undefined) return <Spinner fullScreen />;
  return session ? <MainLayout /> : <PublicMapLayout />;
}

function PublicMapLayout() {
  return (
    <div className="public-map-layout">
      <header className="public-map-layout__header">
        <Link to="/welcome" className="public-map-layout__brand">
          <BrandMark />
        </Link>
        <LanguageSelect compact />
      </header>
      <main className="public-map-layout__main" id="main">
        <p className="public-map-layout__lead">
          <Trans>Log in to see this week’s tasks near you.</Trans>
        </p>
        <Outlet />
      </main>
      <nav className="public-map-layout__actions">
        <Link to="/login" className="btn btn-secondary">
          <Trans>Log in</Trans>
        </Link>
        <Link to="/register" className="btn">
          <Trans>Create an account</Trans>
        </Link>
      </nav>
    </div>
  );
}
