/**
 * The install banner (spec sections 2 and 9): 280–380 px wide, everywhere except welcome, the
 * opportunities map, the permission pages and install itself, and never in the installed app
 * (shouldShowInstallBanner). It links to /install; closing it hides it on this device for
 * INSTALL_BANNER_DISMISS_DAYS days.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '#ui/Icon';
import { useEmbeddedView } from '../shared/useEmbeddedView';
import { isInstalledApp } from './register';
import { dismissInstallBanner, isInstallBannerDismissed, shouldShowInstallBanner } from './install';
import './install.css';

export function InstallBanner() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const embedded = useEmbeddedView();
  const [dismissed, setDismissed] = useState(isInstallBannerDismissed);
  if (!shouldShowInstallBanner({ pathname, installed: isInstalledApp(), dismissed, embedded })) return null;
  // In the page's flow above the screen (not floating over it): it never covers a screen's main
  // action or a toast, and it is decided on the first render, so nothing moves when it appears.
  return (
    <div className="install-banner-slot">
      <aside className="install-banner" aria-label={t`Install the app`} data-testid="install-banner">
        <Icon name="steps" />
        <p className="install-banner-text">
          <Trans>Install Shelfwork on your home screen: it opens faster and works offline.</Trans>
        </p>
        <Link to="/install" className="btn install-banner-cta">
          <Trans>Install</Trans>
        </Link>
        <button
          type="button"
          className="icon-btn install-banner-close"
          aria-label={t`Close`}
          onClick={() => {
            dismissInstallBanner();
            setDismissed(true);
          }}
        >
          <Icon name="close" />
        </button>
      </aside>
    </div>
  );
}
