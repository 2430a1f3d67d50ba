/**
 * The main layout's top bar: back arrow or menu, the screen title, an optional support button
 * and the notifications bell (spec section 2, Layout).
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Icon } from '#ui/Icon';
import { NotificationsBell } from './NotificationsBell';
import { isInstalledApp } from '../pwa/register';
import { useAfterFirstScreenModule } from '../shared/afterFirstScreen';

// The push popup is offered only in the installed app: its code loads there, never in a browser tab.
const PushPopup = lazy(async () => ({ default: (await import('../notifications/PushPopup')).PushPopup }));
// The sync pill (nothing while online and all is saved) loads once the first screen is shown.
const loadSyncPill = () => import('../execution/GlobalSyncIndicator');

export interface TopBarProps {
  title: string;
  back: boolean;
  showSupport: boolean;
  onMenu: () => void;
  /** Where the back arrow goes when there is no in-app history (opened from a deep link). */
  backFallback: string;
}

export function TopBar({ title, back, showSupport, onMenu, backFallback }: TopBarProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const GlobalSyncIndicator = useAfterFirstScreenModule(loadSyncPill)?.GlobalSyncIndicator;
  return (
    <header className="topbar">
      {back ? (
        <button
          type="button"
          className="icon-btn"
          aria-label={t`Back`}
          onClick={() => {
            // react-router's first history entry has key 'default': there is nothing to go back to.
            if (location.key !== 'default') navigate(-1);
            else navigate(backFallback, { replace: true });
          }}
        >
          <Icon name="back" />
        </button>
      ) : (
        <button type="button" className="icon-btn" aria-label={t`Open menu`} aria-haspopup="dialog" onClick={onMenu}>
          <Icon name="menu" />
        </button>
      )}
      <h1 className="topbar-title">{title}</h1>
      <div className="topbar-actions">
        {showSupport ? (
          <Link to="/support" className="icon-btn" aria-label={t`Contact support`}>
            <Icon name="support" />
          </Link>
        ) : null}
        {GlobalSyncIndicator ? <GlobalSyncIndicator /> : null}
        <NotificationsBell />
        {isInstalledApp() ? (
          <Suspense fallback={null}>
            <PushPopup />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
