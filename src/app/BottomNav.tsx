/**
 * The four-tab bottom navigation (spec section 2): in progress with a count badge, reserved,
 * offerings, and profile — or onboarding with a red dot while onboarding is incomplete.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import type { User } from '#domain/types';
import { onboardingState } from '#domain/users';
import { useTasksByStatus } from '../tasks/queries';
import { Icon, type IconName } from '#ui/Icon';
import { AppLink, isCurrentPath } from '../shared/AppLink';

const IN_PROGRESS = ['in_progress'] as const;

export interface BottomNavProps {
  user: User;
}

interface Tab {
  to: string;
  icon: IconName;
  label: string;
  count?: number;
  dot?: boolean;
}

export function BottomNav({ user }: BottomNavProps) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const inProgressCount = useTasksByStatus(IN_PROGRESS)?.length ?? 0;
  const onboardingComplete = onboardingState(user).complete;
  const tabs: Tab[] = [
    { to: '/in_progress', icon: 'playCircle', label: t`In progress`, count: inProgressCount },
    { to: '/reserved', icon: 'bookmark', label: t`Reserved` },
    { to: '/reservable', icon: 'store', label: t`Offerings` },
    onboardingComplete
      ? { to: '/profile', icon: 'user', label: t`Profile` }
      : { to: '/onboarding', icon: 'steps', label: t`Onboarding`, dot: true },
  ];
  return (
    <nav className="bottomnav" aria-label={t`Main`}>
      {tabs.map((tab) => {
        // A tab switch renders in one task, not in a sliced transition (`sync`, syncNavigation.ts).
        const current = isCurrentPath(pathname, tab.to);
        return (
          <AppLink
            key={tab.to}
            to={tab.to}
            sync
            className={current ? 'bottomnav-tab active' : 'bottomnav-tab'}
            aria-current={current ? 'page' : undefined}
            title={tab.label}
          >
            <span className="bottomnav-icon">
              <Icon name={tab.icon} />
              {tab.count ? (
                <span className="badge-count" aria-hidden="true">
                  {tab.count}
                </span>
              ) : null}
              {tab.dot ? <span className="badge-dot" aria-hidden="true" /> : null}
            </span>
            <span className="bottomnav-label">{tab.label}</span>
            {tab.count ? <span className="visually-hidden">{t`${tab.count} tasks`}</span> : null}
            {tab.dot ? <span className="visually-hidden">{t`Not finished yet`}</span> : null}
          </AppLink>
        );
      })}
    </nav>
  );
}
