/**
 * Screens of the shell that few page loads show, loaded when shown instead of with the first
 * screen's code (docs/performance.md, budget of the first screen). The service worker precaches
 * their chunks, so they open offline too.
 */
import { lazy, Suspense } from 'react';
import type { PendingUserScreenProps } from '../chrome/PendingUserScreen';
import { Spinner } from '#ui/Spinner';

const Deactivated = lazy(async () => ({ default: (await import('./DeactivatedScreen')).DeactivatedScreen }));
const PendingUser = lazy(async () => ({ default: (await import('../chrome/PendingUserScreen')).PendingUserScreen }));

/** What a deactivated account sees (./DeactivatedScreen.tsx). */
export function LazyDeactivatedScreen() {
  return (
    <Suspense fallback={<Spinner fullScreen />}>
      <Deactivated />
    </Suspense>
  );
}

/** Signed in, the profile not in the mirror yet (../chrome/PendingUserScreen.tsx). */
export function LazyPendingUserScreen(props: PendingUserScreenProps) {
  return (
    <Suspense fallback={<Spinner fullScreen={!props.inline} />}>
      <PendingUser {...props} />
    </Suspense>
  );
}
