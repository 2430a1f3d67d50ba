/**
 * `/`: sends the tasker to the right place (spec section 2) once the mirror has been read; a
 * signed-out first visit to the welcome slides, later ones to login.
 */
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useSessionEmail, useUser } from '../auth/queries';
import { Spinner } from '#ui/Spinner';
import { LazyDeactivatedScreen, LazyPendingUserScreen } from './lazyScreens';
import { routeDecision } from './routeDecision';
import { useOnline } from '../shared/useOnline';
import { useOwnTaskFacts } from './useOwnTaskFacts';
import { markWelcomeSeen, welcomeSeen } from '../welcome/welcomeSeen';

/** Right after login the own-task lists may not be pulled yet; wait this long for them, at most. */
const FIRST_PULL_WAIT_MS = 6000;

export function HomeRedirect() {
  const session = useSessionEmail();
  const user = useUser();
  const online = useOnline();
  const facts = useOwnTaskFacts();
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), FIRST_PULL_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  // An empty mirror before the first pull says nothing: wait for it, unless offline or it takes
  // too long; then decide with what is there.
  const taskCounts = facts && (facts.pulled || !online || waitedEnough) ? facts : undefined;
  // A device that has been signed in on needs no welcome slides after a sign-out either.
  useEffect(() => {
    if (session) markWelcomeSeen();
  }, [session]);
  const decision = routeDecision({ rule: 'home', session, user, online, taskCounts, firstVisit: session === null && !welcomeSeen() });
  switch (decision.kind) {
    case 'loading':
    case 'render':
      return <Spinner fullScreen />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'deactivated':
      return <LazyDeactivatedScreen />;
    case 'pendingUser':
      return <LazyPendingUserScreen offline={decision.offline} />;
  }
}
