/**
 * The side menu. Items follow drawerItems() (spec section 2); the footer adds the language (the
 * picker lives in /settings, which the spec lists only for the installed app) and sign out, so a
 * tasker in the browser can always reach both. A native modal <dialog> (useModalDialog) gives focus
 * trap and Escape.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { User, UserStatus } from '#domain/types';
import { NATIVE_LANGUAGE_NAMES, isLocale } from '../i18n/locales';
import { BrandMark } from '#ui/BrandMark';
import { Icon, type IconName } from '#ui/Icon';
import { useModalDialog } from '#ui/useModalDialog';
import { AppLink } from '../shared/AppLink';
import { drawerItems, type DrawerItemId } from '../shared/drawerItems';
import { isInstalledApp } from '../pwa/register';
import { SignOutButton } from '../chrome/SignOutButton';
import { useRouteTitles } from '../chrome/useRouteTitles';

const ITEM_ROUTES: Record<DrawerItemId, { to: string; icon: IconName }> = {
  support: { to: '/support', icon: 'support' },
  knowledgeBase: { to: '/knowledge-base', icon: 'book' },
  troubleshooting: { to: '/troubleshooting', icon: 'tool' },
  history: { to: '/history', icon: 'history' },
  settings: { to: '/settings', icon: 'settings' },
  faq: { to: '/faq', icon: 'help' },
  invite: { to: '/invite', icon: 'gift' },
  trainings: { to: '/trainings', icon: 'school' },
};

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  user: User | null;
  email: string | null;
}

export function Drawer({ open, onClose, user, email }: DrawerProps) {
  const dialogProps = useModalDialog(open, onClose);
  const { t, i18n } = useLingui();
  const titles = useRouteTitles();

  const statusLabel: Record<UserStatus, string> = {
    new: t`New account`,
    awaiting_approval: t`Awaiting approval`,
    active: t`Approved`,
    rejected: t`Profile rejected`,
    deactivated: t`Deactivated`,
  };
  const items = drawerItems({
    countryCode: user?.countryCode ?? null,
    isApproved: user?.isApproved ?? false,
    installed: isInstalledApp(),
  });
  const name = user?.fullName || [user?.firstName, user?.lastName].filter(Boolean).join(' ') || null;
  const language = isLocale(i18n.locale) ? NATIVE_LANGUAGE_NAMES[i18n.locale] : i18n.locale;

  return (
    <dialog {...dialogProps} className="drawer" aria-label={t`Menu`}>
      <nav className="drawer-panel">
        <div className="drawer-header">
          <BrandMark tone="dark" />
          <button type="button" className="icon-btn" aria-label={t`Close menu`} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="drawer-account">
          <div className="drawer-name">{name ?? email ?? ''}</div>
          {name && email ? <div className="drawer-email muted">{email}</div> : null}
          {user ? <span className={`chip drawer-status drawer-status-${user.status}`}>{statusLabel[user.status]}</span> : null}
        </div>
        <ul className="drawer-list">
          {items.map((id) => (
            <li key={id}>
              <AppLink to={ITEM_ROUTES[id].to} className="drawer-item" onClick={onClose}>
                <Icon name={ITEM_ROUTES[id].icon} />
                <span>{titles[id]}</span>
              </AppLink>
            </li>
          ))}
        </ul>
        <div className="drawer-footer">
          <AppLink to="/settings" className="drawer-item" onClick={onClose}>
            <Icon name="globe" />
            <span>
              <Trans>Language</Trans>
            </span>
            <span className="drawer-item-value muted">{language}</span>
          </AppLink>
          <SignOutButton className="drawer-item drawer-signout" onSignOut={onClose}>
            <Icon name="logout" />
            <span>
              <Trans>Sign out</Trans>
            </span>
          </SignOutButton>
        </div>
      </nav>
    </dialog>
  );
}
