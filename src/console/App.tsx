/**
 * The console's routes under /staff: the sign-in page, and every section inside the layout (side
 * navigation by role, the member, the language, the connection banner). Screens load lazily, one
 * chunk per screen; each folder's `*Screen.tsx` default export is a screen.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { i18n } from './i18n';
import { getSession, onSessionChange, type StaffSession } from './session';
import { ConsoleLayout } from './ConsoleLayout';
import { LoginScreen } from './login/LoginScreen';
import { HomeScreen } from './HomeScreen';
import { Loading } from './ui/States';

// The sign-in screen is part of the entry (imported above), not a lazy chunk.
const screens = import.meta.glob<{ default: ComponentType }>(['./*/*Screen.tsx', '!./login/**']);

/** A screen file as a lazy component (a section whose screen is not in this build says so). */
function screen(path: string): LazyExoticComponent<ComponentType> {
  const load = screens[path];
  return lazy(load ?? (async () => ({ default: NotBuilt })));
}

function NotBuilt() {
  return (
    <p className="muted">
      <Trans>This section is not available in this version.</Trans>
    </p>
  );
}

function useSession(): StaffSession | null {
  const [session, setSession] = useState(getSession);
  useEffect(() => onSessionChange(setSession), []);
  return session;
}

/** Signed in: the layout and its sections; otherwise the sign-in page (coming back here after). */
function SignedIn() {
  const session = useSession();
  if (!session) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/staff/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <ConsoleLayout session={session}>
      <Outlet />
    </ConsoleLayout>
  );
}

/** A route to a lazy screen: its component made once, here, when the routes are built. */
function at(path: string, file: string): RouteObject {
  const Component = screen(file);
  return {
    path,
    element: (
      <Suspense fallback={<Loading />}>
        <Component />
      </Suspense>
    ),
  };
}

const routes: RouteObject[] = [
  { path: '/staff/login', element: <LoginScreen /> },
  {
    path: '/staff',
    element: <SignedIn />,
    children: [
      { index: true, element: <HomeScreen /> },
      at('review', './review/QueueScreen.tsx'),
      at('review/:taskId', './review/ReviewScreen.tsx'),
      at('tasks', './authoring/TasksScreen.tsx'),
      at('tasks/new', './authoring/TaskScreen.tsx'),
      at('tasks/import', './authoring/ImportScreen.tsx'),
      at('tasks/:id', './authoring/TaskScreen.tsx'),
      at('task-types', './authoring/TaskTypesScreen.tsx'),
      at('task-types/new', './authoring/TaskTypeScreen.tsx'),
      at('task-types/:id', './authoring/TaskTypeScreen.tsx'),
      at('places', './authoring/PlacesScreen.tsx'),
      at('taskers', './taskers/TaskersScreen.tsx'),
      at('taskers/:id', './taskers/TaskerScreen.tsx'),
      at('money', './money/WeeksScreen.tsx'),
      at('money/:country/:week', './money/WeekScreen.tsx'),
      at('missions', './missions/MissionsScreen.tsx'),
      at('attendance', './attendance/AttendanceScreen.tsx'),
      at('support', './support/InboxScreen.tsx'),
      at('support/:id', './support/RequestScreen.tsx'),
      at('accounts', './accounts/AccountsScreen.tsx'),
      at('audit', './audit/AuditScreen.tsx'),
      { path: '*', element: <NotFound /> },
    ],
  },
  { path: '*', element: <Navigate to="/staff" replace /> },
];

function NotFound() {
  return (
    <div className="console-empty">
      <h1>
        <Trans>Page not found</Trans>
      </h1>
    </div>
  );
}

const router = createBrowserRouter(routes);

export function ConsoleApp() {
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
