/**
 * Boot: activate the interface language before the first render (so nothing flashes in English),
 * render the app, start the sync worker and register the service worker.
 */
import { msg } from '@lingui/core/macro';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/theme.css';
import './ui/primitives.css';
import { App } from './app/App';
import { preloadRouteModules } from './app/router';
import { getDb } from '#db/schema';
import { activateLocale, currentDetectedLocale, lastActiveLocale, prefetchLocale } from './i18n/i18n';
import { isInstalledApp, registerServiceWorker, requestPersistentStorage } from './pwa/register';
import { startSync } from './sync/client';
import { showToast } from '#ui/toastStore';
import { within } from './shared/within';
import { afterFirstScreen } from './shared/afterFirstScreen';

/** The tasker's country from the mirror (it selects the language), without ever blocking boot for long. */
async function storedCountry(): Promise<string | null> {
  const read = getDb()
    .user.get('me')
    .then((user) => user?.countryCode ?? null)
    .catch(() => null);
  return (await within(read, 400)) ?? null;
}

async function boot(): Promise<void> {
  preloadRouteModules(window.location.pathname);
  // A newer tab upgraded the database schema: this page's code is outdated, reload into the new one.
  getDb().on('versionchange', () => {
    setTimeout(() => window.location.reload(), 0);
  });
  // The catalog of the language this device last showed (else the one known without the mirror)
  // loads while the mirror is read: usually the one activated, a round trip earlier.
  prefetchLocale(lastActiveLocale() ?? currentDetectedLocale(null));
  await activateLocale(currentDetectedLocale(await storedCountry()));

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const reactRoot = createRoot(root);
  // As a transition, React renders the first screen in slices that yield to the browser every few
  // milliseconds instead of one long task: on a slow phone the page answers taps sooner (a cold
  // start of the task list at 4× CPU: the long tasks' time past 50 ms, summed, ~440 → ~330 ms).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

  startSync();
  await afterFirstScreen();
  void registerServiceWorker({
    // A new version waits until the tasker agrees: reloading mid-task would be rude, and the
    // outbox and mirror survive the reload anyway.
    onUpdateReady: (apply) =>
      showToast({
        id: 'app-update',
        kind: 'info',
        message: msg`A new version of Shelfwork is ready`,
        durationMs: null,
        action: { label: msg`Update`, onClick: apply },
      }),
  });
  // DESIGN.md: ask for persistent storage once installed, so the mirror and the outbox are not evicted.
  if (isInstalledApp()) void requestPersistentStorage();
}

void boot();
