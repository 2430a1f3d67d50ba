/**
 * The route table of spec section 2 for this issue, with its guards. Task screens are loaded
 * and the access forms are loaded lazily (their code stays out of the first screen's bundle).
 */
import type { ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { Spinner } from '#ui/Spinner';
import { AppShell } from './AppShell';
import { GreenLayout } from '../chrome/GreenLayout';
import { HomeRedirect } from './HomeRedirect';
import { MainLayout } from './MainLayout';
import { NotificationSourceReader } from './NotificationSourceReader';
import { RouteErrorScreen } from './RouteErrorScreen';
import { RouteGuard } from './RouteGuard';
import type { RouteHandle, RouteTitleKey } from '../chrome/routeHandle';

// The list's first paint has what it shows from the mirror (TaskListRoute.readAheadFirstPaint).
// Once per page: the router resolves a lazy route once, and the boot's preload shares the promise.
let taskListModule: Promise<{ Component: () => ReactNode }> | null = null;
function taskList() {
  taskListModule ??= import('./TaskListRoute')
    .then(async (module) => {
      await module.readAheadFirstPaint(window.location.pathname);
      return { Component: module.TaskListRoute };
    })
    .catch((error: unknown) => {
      taskListModule = null; // a failed download is tried again on the next navigation
      throw error;
    });
  return taskListModule;
}
const taskDetail = async () => ({ Component: (await import('./TaskDetailRoute')).TaskDetailRoute });
const historyScreen = async () => ({ Component: (await import('../history/HistoryScreen')).HistoryScreen });
const historyStatusScreen = async () => ({ Component: (await import('../history/HistoryStatusScreen')).HistoryStatusScreen });
// Maps: MapLibre (~250 KB gzipped) only when a map opens.
const mapStatusScreen = async () => ({ Component: (await import('../map/MapScreen')).MapStatusScreen });
const opportunitiesMapScreen = async () => ({ Component: (await import('../map/MapScreen')).OpportunitiesMapScreen });
const suggestionsScreen = async () => ({ Component: (await import('../suggestions/TaskSuggestionsScreen')).TaskSuggestionsScreen });
// Doing the work: camera, photos, defects, blockers and the three confirmations.
const cameraScreen = async () => ({ Component: (await import('../execution/CameraScreen')).CameraScreen });
const photosScreen = async () => ({ Component: (await import('../execution/PhotosReviewScreen')).PhotosReviewScreen });
const defectsScreen = async () => ({ Component: (await import('../execution/DefectsScreen')).DefectsScreen });
const blockersScreen = async () => ({ Component: (await import('../execution/BlockersScreen')).BlockersScreen });
const confirmCompleteScreen = async () => ({ Component: (await import('../execution/ConfirmCompleteScreen')).ConfirmCompleteScreen });
const confirmIncompleteScreen = async () => ({ Component: (await import('../execution/ConfirmIncompleteScreen')).ConfirmIncompleteScreen });
const confirmBlockedScreen = async () => ({ Component: (await import('../execution/ConfirmBlockedScreen')).ConfirmBlockedScreen });
// The scanner: ZXing runs in its own worker; the screen itself is lazy too.
const skuScreen = async () => ({ Component: (await import('../scanner/SkuScreen')).SkuScreen });
// Profile and trainings.
const profileScreen = async () => ({ Component: (await import('../profile/ProfileScreen')).ProfileScreen });
const trainingsScreen = async () => ({ Component: (await import('../trainings/TrainingsScreen')).TrainingsScreen });
const trainingDetailScreen = async () => ({ Component: (await import('../trainings/TrainingDetailScreen')).TrainingDetailScreen });
// Task extras: the instructions, and the photo hosts' /{taskId} redirect.
const instructionsScreen = async () => ({ Component: (await import('../taskExtras/InstructionsScreen')).InstructionsScreen });
const taskPhotosRoute = async () => ({ Component: (await import('../taskExtras/TaskPhotosRoute')).TaskPhotosRoute });
// Money and motivation.
const nextPayoutScreen = async () => ({ Component: (await import('../money/NextPayoutScreen')).NextPayoutScreen });
const missionsScreen = async () => ({ Component: (await import('../missions/MissionsScreen')).MissionsScreen });
const inviteScreen = async () => ({ Component: (await import('../invite/InviteScreen')).InviteScreen });
// Reach and help: support, the help pages, welcome, install and the permission pages.
const supportScreen = async () => ({ Component: (await import('../support/SupportScreen')).SupportScreen });
const knowledgeBaseScreen = async () => ({ Component: (await import('../help/HelpScreen')).KnowledgeBaseScreen });
const faqScreen = async () => ({ Component: (await import('../help/HelpScreen')).FaqScreen });
const troubleshootingScreen = async () => ({ Component: (await import('../help/HelpScreen')).TroubleshootingScreen });
const welcomeScreen = async () => ({ Component: (await import('../welcome/WelcomeScreen')).WelcomeScreen });
const installScreen = async () => ({ Component: (await import('../pwa/InstallScreen')).InstallScreen });
const geolocationPermissionScreen = async () => ({ Component: (await import('../welcome/PermissionScreens')).GeolocationPermissionScreen });
const notificationPermissionScreen = async () => ({ Component: (await import('../welcome/PermissionScreens')).NotificationPermissionScreen });

// Pages no tasker opens at the start of a working day.
const opportunitiesMapLayout = async () => ({ Component: (await import('./OpportunitiesMapLayout')).OpportunitiesMapLayout });
const notFoundScreen = async () => ({ Component: (await import('../chrome/NotFoundScreen')).NotFoundScreen });
// Onboarding and settings: not on the first screen of a tasker at work (the service worker
// precaches every chunk, so they open offline too).
const onboardingScreen = async () => ({ Component: (await import('../onboarding/OnboardingScreen')).OnboardingScreen });
const settingsScreen = async () => ({ Component: (await import('../settings/SettingsScreen')).SettingsScreen });

// The profile wizard: Formik, Yup and the phone, IBAN and national ID checks stay out of the first screen.
const profileWizardScreen = async () => ({ Component: (await import('../onboarding/ProfileWizardScreen')).ProfileWizardScreen });

// The access forms pull in Formik and Yup (~30 KB gzipped): kept out of the first chunk (DESIGN.md budgets).
const loginScreen = async () => {
  const module = await import('../auth/LoginScreen');
  await module.readAheadFirstPaint();
  return { Component: module.LoginScreen };
};
const registerScreen = async () => {
  const module = await import('../auth/RegisterScreen');
  await module.readAheadFirstPaint();
  return { Component: module.RegisterScreen };
};
const passcodeScreen = async () => ({ Component: (await import('../auth/PasscodeScreen')).PasscodeScreen });
// Where Google sends the window back after a Google sign-in (never a first screen of the day).
const googleCallbackScreen = async () => ({ Component: (await import('../auth/GoogleCallbackScreen')).GoogleCallbackScreen });

const handle = (title: RouteTitleKey, extra: Omit<RouteHandle, 'title'> = {}): RouteHandle => ({ title, ...extra });


export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <Spinner fullScreen />,
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        element: <RouteGuard rule="guest" />,
        children: [
          {
            element: <GreenLayout />,
            children: [
              { path: 'login', lazy: loginScreen },
              { path: 'register', lazy: registerScreen },
              { path: 'passcode', lazy: passcodeScreen },
              { path: 'auth/google/callback', lazy: googleCallbackScreen },
            ],
          },
        ],
      },
      {
        element: <RouteGuard rule="login" />,
        children: [
          {
            // Links from notifications and pushes land here (`?source=`, NotificationSourceReader).
            element: (
              <>
                <NotificationSourceReader />
                <MainLayout />
              </>
            ),
            children: [
              {
                element: <RouteGuard rule="tasks" inline />,
                children: [
                  {
                    // The three lists are one lazy route with three leaves: once the list screen
                    // is loaded, a tab switch has no route module to resolve, so the router
                    // commits it at once (the tabs' flushSync navigations, src/shared/syncNavigation.ts)
                    // and the screen stays mounted (TaskListScreen reads the status from the path).
                    lazy: taskList,
                    children: [
                      { path: 'in_progress', handle: handle('in_progress'), element: null },
                      { path: 'reserved', handle: handle('reserved'), element: null },
                      { path: 'reservable', handle: handle('reservable'), element: null },
                    ],
                  },
                  { path: 'map/:taskStatus', handle: handle('map'), lazy: mapStatusScreen },
                  { path: 'missions', handle: handle('missions', { back: true }), lazy: missionsScreen },
                  { path: 'task-suggestions/:taskId', handle: handle('task', { back: true }), lazy: suggestionsScreen },
                ],
              },
              {
                element: <RouteGuard rule="approved" inline />,
                children: [
                  { path: 'profile', handle: handle('profile'), lazy: profileScreen },
                  { path: 'profile/next-payout', handle: handle('nextPayout', { back: true, backFallback: '/profile' }), lazy: nextPayoutScreen },
                  // ?hideNavback hides the back arrow (MainLayout).
                  { path: 'invite', handle: handle('invite', { back: true, backFallback: '/profile' }), lazy: inviteScreen },
                  { path: 'profile/edit', handle: handle('profile', { back: true }), lazy: profileWizardScreen },
                  { path: 'history', handle: handle('history'), lazy: historyScreen },
                  { path: 'history/:taskStatus', handle: handle('history', { back: true }), lazy: historyStatusScreen },
                ],
              },
              { path: 'task/:taskId', handle: handle('task', { back: true, support: true }), lazy: taskDetail },
              { path: 'task/:taskId/camera', handle: handle('task', { back: true }), lazy: cameraScreen },
              // Review mode without back navigation (spec section 2).
              { path: 'task/:taskId/photos', handle: handle('task'), lazy: photosScreen },
              { path: 'task/:taskId/defects', handle: handle('task', { back: true }), lazy: defectsScreen },
              { path: 'task/:taskId/blockers', handle: handle('task', { back: true }), lazy: blockersScreen },
              { path: 'task/:taskId/confirm_complete', handle: handle('task', { back: true }), lazy: confirmCompleteScreen },
              { path: 'task/:taskId/confirm_incomplete', handle: handle('task', { back: true }), lazy: confirmIncompleteScreen },
              { path: 'task/:taskId/confirm_blocked', handle: handle('task', { back: true }), lazy: confirmBlockedScreen },
              { path: 'task/:taskId/skus', handle: handle('task', { back: true }), lazy: skuScreen },
              { path: 'task/:taskId/instructions', handle: handle('task', { back: true }), lazy: instructionsScreen },
              { path: 'onboarding', handle: handle('onboarding'), lazy: onboardingScreen },
              { path: 'onboarding/profile-edit', handle: handle('onboarding', { back: true }), lazy: profileWizardScreen },
              { path: 'settings', handle: handle('settings'), lazy: settingsScreen },
              { path: 'trainings', handle: handle('trainings'), lazy: trainingsScreen },
              { path: 'trainings/:trainingId', handle: handle('trainings', { back: true, backFallback: '/trainings' }), lazy: trainingDetailScreen },
              { path: 'support', handle: handle('support'), lazy: supportScreen },
              { path: 'faq', handle: handle('faq'), lazy: faqScreen },
              { path: 'knowledge-base', handle: handle('knowledgeBase'), lazy: knowledgeBaseScreen },
              { path: 'troubleshooting', handle: handle('troubleshooting'), lazy: troubleshootingScreen },
            ],
          },
        ],
      },
      // The weekly-opportunities map is public too (spec section 2): in the main layout when signed
      // in, in its own frame with the way to log in when not.
      {
        path: 'opportunities-map',
        lazy: opportunitiesMapLayout,
        children: [{ index: true, handle: handle('opportunitiesMap'), lazy: opportunitiesMapScreen }],
      },
      // Public pages (signed in or not): the landing slides, install and permission instructions.
      {
        element: <GreenLayout />,
        children: [
          { path: 'welcome', lazy: welcomeScreen },
          { path: 'install', lazy: installScreen },
          { path: 'geolocation-permissions', lazy: geolocationPermissionScreen },
          { path: 'notification-permissions', lazy: notificationPermissionScreen },
        ],
      },
      // /{taskId}: the photo hosts' embedded photos (local and configured hosts, embedded flag only; else not found).
      { path: ':taskId', lazy: taskPhotosRoute },
      { element: <GreenLayout />, children: [{ path: '*', lazy: notFoundScreen }] },
    ],
  },
];

/**
 * Starts downloading the lazy screen of `pathname` at boot, while the language catalog loads,
 * instead of after it (one round trip less before the first screen on a slow network). The
 * router's own call of `lazy` later gets the same module promise.
 */
export function preloadRouteModules(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
  }
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
