/**
 * Applies one guard rule (routeDecision) to the routes nested under it: waits, redirects, or
 * renders them. Reads only the mirror, so it decides the same way offline.
 */
import { Navigate, Outlet } from 'react-router';
import { useSessionEmail, useUser } from '../auth/queries';
import { Spinner } from '#ui/Spinner';
import { LazyDeactivatedScreen, LazyPendingUserScreen } from './lazyScreens';
import { routeDecision, type RouteRule } from './routeDecision';
import { useOnline } from '../shared/useOnline';

export interface RouteGuardProps {
  rule: Exclude<RouteRule, 'home'>;
  /** Inside the main layout the chrome is already there: show the spinner in the content area. */
  inline?: boolean;
}

export function RouteGuard({ rule, inline = false }: RouteGuardProps) {
  const session = useSessionEmail();
  const user = useUser();
  const online = useOnline();
  const decision = routeDecision({ rule, session, user, online });
  switch (decision.kind) {
    case 'loading':
      return <Spinner fullScreen={!inline} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'deactivated':
      return <LazyDeactivatedScreen />;
    case 'pendingUser':
      return <LazyPendingUserScreen offline={decision.offline} inline={inline} />;
    case 'render':
      return <Outlet />;
  }
}
