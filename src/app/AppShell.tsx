/** The root route: app-wide notices, the toast region and the matched screen. */
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '#ui/Toaster';
import { useUser } from '../auth/queries';
import { InstallBanner } from '../pwa/InstallBanner';
import { firstScreenShown } from '../shared/afterFirstScreen';
import { ConnectionToasts } from './ConnectionToasts';
import { LocaleFollower } from './LocaleFollower';
import { SessionExpiredNotice } from './SessionExpiredNotice';

// Reminders of expiring tasks start a moment after the first screen, with the lists' code, and
// only for a signed-in tasker: the access screens (login, register) do not download it.
const ExpiryReminders = lazy(async () => ({ default: (await import('../tasks/ExpiryReminders')).ExpiryReminders }));

export function AppShell() {
  const signedIn = Boolean(useUser());
  // The router renders the shell once the screen's code and read-ahead are in: its first commit
  // is the first screen's (work that can wait for it starts then: src/shared/afterFirstScreen.ts).
  useEffect(firstScreenShown, []);
  return (
    <>
      <LocaleFollower />
      <ConnectionToasts />
      <SessionExpiredNotice />
      {signedIn && (
        <Suspense fallback={null}>
          <ExpiryReminders />
        </Suspense>
      )}
      {/* Above the screen, in its flow: it never covers the screen's main action. */}
      <InstallBanner />
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
