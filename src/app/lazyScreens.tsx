/**
 * Screens of the shell that few page loads show, loaded when shown instead of with the first
 * screen's code (docs/performance.md, budget of the first screen). The service worker precaches
 * their chunks, so they open offline too.
 */
import { lazy, Suspense } from 'react';
import { Spinner } from '#ui/Spinner';

const Deactivated = lazy(async () => ({ default: (await import('./DeactivatedScreen')).DeactivatedScreen }));

/** What a deactivated account sees (./DeactivatedScreen.tsx). */
export function LazyDeactivatedScreen() {
  return (
    <Suspense fallback={<Spinner fullScreen />}>
      <Deactivated />
    </Suspense>
  );
}
