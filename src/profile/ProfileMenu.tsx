/**
 * The profile's menu (spec section 2): invite friends, task history, trainings, edit profile,
 * sign out. Sign out warns first when changes are still waiting to be sent (SignOutButton).
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from '#ui/Icon';
import { SignOutButton } from '../chrome/SignOutButton';
import { useRouteTitles } from '../chrome/useRouteTitles';

export function ProfileMenu() {
  const titles = useRouteTitles();
  const items: { to: string; icon: IconName; label: ReactNode }[] = [
    { to: '/invite', icon: 'gift', label: titles.invite },
    { to: '/history', icon: 'history', label: titles.history },
    { to: '/trainings', icon: 'school', label: titles.trainings },
    { to: '/profile/edit', icon: 'pencil', label: <Trans>Edit profile</Trans> },
  ];
  return (
    <nav className="card profile-menu" aria-label={titles.profile}>
      <ul className="profile-menu__list">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="profile-menu__item">
              <Icon name={item.icon} />
              <span className="profile-menu__label">{item.label}</span>
              <Icon name="chevron" size={20} className="profile-menu__chevron" />
            </Link>
          </li>
        ))}
        <li>
          <SignOutButton className="profile-menu__item profile-menu__signout">
            <Icon name="logout" />
            <span className="profile-menu__label">
              <Trans>Sign out</Trans>
            </span>
          </SignOutButton>
        </li>
      </ul>
    </nav>
  );
}
