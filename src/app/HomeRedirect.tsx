/** `/`: sends the tasker to the right place (spec section 2) once the mirror has been read. */
import { Navigate } from 'react-router';
import { useSessionEmail, useTasksByStatus, useUser } from '../sync/hooks';
import { Spinner } from '../ui/Spinner';
import { DeactivatedScreen } from './DeactivatedScreen';
import { PendingUserScreen } from './PendingUserScreen';
import { routeDecision } from './routeDecision';
import { useOnline } from './useOnline';

const IN_PROGRESS = ['in_progress'] as const;
const RESERVED = ['reserved'] as const;

export function HomeRedirect() {
  const session = useSessionEmail();
  const user = useUser();
  const online = useOnline();
  const inProgress = useTasksByStatus(IN_PROGRESS);
  const reserved = useTasksByStatus(RESERVED);
  const taskCounts = inProgress && reserved ? { inProgress: inProgress.length, reserved: reserved.length } : undefined;
  const decision = routeDecision({ rule: 'home', session, user, online, taskCounts });
  switch (decision.kind) {
    case 'loading':
    case 'render':
      return <Spinner fullScreen />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'deactivated':
      return <DeactivatedScreen />;
    case 'pendingUser':
      return <PendingUserScreen offline={decision.offline} />;
  }
}
