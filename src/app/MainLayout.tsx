/**
 * The main layout: top bar (from the matched route's handle), drawer, content, and the bottom
 * navigation for taskers who can see tasks. `?hideNavigation` / `?isEmbeddedView` hide the chrome.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useMatches, useSearchParams } from 'react-router';
import { canSeeTasks } from '#domain/users';
import { useSessionEmail, useUser } from '../auth/queries';
import { BottomNav } from './BottomNav';
import { isRouteHandle, type RouteHandle } from '../chrome/routeHandle';
import { ScreenTitleContext } from '../shared/screenTitle';
import { TopBar } from './TopBar';
import { useEmbeddedView } from '../shared/useEmbeddedView';
import { useRouteTitles } from '../chrome/useRouteTitles';
import './MainLayout.css';

// The menu's code loads when it is first opened, not with the first screen.
const Drawer = lazy(async () => ({ default: (await import('./Drawer')).Drawer }));

export function MainLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from its first opening on (it closes as a native <dialog>, not by unmounting).
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  const [screenTitle, setScreenTitle] = useState<string | null>(null);
  const embedded = useEmbeddedView();
  const user = useUser() ?? null;
  const email = useSessionEmail() ?? null;
  const titles = useRouteTitles();
  const handle = [...useMatches()].reverse().map((m) => m.handle).find(isRouteHandle) as RouteHandle | undefined;
  // `?hideNavback` (spec section 2, /invite opened from elsewhere, e.g. a web view): no back arrow.
  const [searchParams] = useSearchParams();
  const hideBack = ['', 'true', '1'].includes(searchParams.get('hideNavback') ?? 'absent');
  const showBottomNav = !embedded && user !== null && canSeeTasks(user);
  const title = screenTitle ?? (handle ? titles[handle.title] : '');
  useEffect(() => {
    document.title = title ? `${title} · Shelfwork` : 'Shelfwork';
  }, [title]);

  if (embedded) {
    return (
      <main className="main-content main-content-embedded">
        <ScreenTitleContext.Provider value={setScreenTitle}>
          <Outlet />
        </ScreenTitleContext.Provider>
      </main>
    );
  }
  return (
    <div className={showBottomNav ? 'main-layout has-bottomnav' : 'main-layout'}>
      <TopBar
        title={title}
        back={(handle?.back ?? false) && !hideBack}
        showSupport={handle?.support ?? false}
        onMenu={() => setDrawerOpen(true)}
        backFallback={handle?.backFallback ?? '/reservable'}
      />
      {drawerUsed ? (
        <Suspense fallback={null}>
          <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} user={user} email={email || null} />
        </Suspense>
      ) : null}
      <main className="main-content" id="main">
        <ScreenTitleContext.Provider value={setScreenTitle}>
          <Outlet />
        </ScreenTitleContext.Provider>
      </main>
      {showBottomNav && user ? <BottomNav user={user} /> : null}
    </div>
  );
}
