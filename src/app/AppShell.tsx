/** The root route: app-wide notices, the toast region and the matched screen. */
import { Outlet, ScrollRestoration } from 'react-router';
import { ExpiryReminders } from '../tasks/ExpiryReminders';
import { Toaster } from '#ui/Toaster';
import { InstallBanner } from '../pwa/InstallBanner';
import { ConnectionToasts } from './ConnectionToasts';
import { LocaleFollower } from './LocaleFollower';
import { SessionExpiredNotice } from './SessionExpiredNotice';

export function AppShell() {
  return (
    <>
      <LocaleFollower />
      <ConnectionToasts />
      <SessionExpiredNotice />
      <ExpiryReminders />
      {/* Above the screen, in its flow: it never covers the screen's main action. */}
      <InstallBanner />
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
