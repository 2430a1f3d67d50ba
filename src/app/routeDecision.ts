/**
 * The route guards of spec section 2 as one pure decision, so every rule is table-tested:
 * guest-only, login, can-see-tasks, approved, and where `/` sends a tasker. Facts come from the
 * IndexedDB mirror, so the guards work offline. `undefined` facts mean "still reading the mirror":
 * the answer is then to wait, never to redirect.
 */
import { canSeeTasks } from '#domain/users';
import type { User } from '#domain/types';

export type RouteRule =
  /** `/`: redirects to the right destination. */
  | 'home'
  /** /login, /register, /passcode. */
  | 'guest'
  /** Any screen that needs login (task detail, settings, onboarding, ...). */
  | 'login'
  /** Task lists and maps: login + can-see-tasks, otherwise onboarding. */
  | 'tasks'
  /** Profile: login + approved, otherwise onboarding. */
  | 'approved';

export interface RouteFacts {
  rule: RouteRule;
  /** Session from the mirror: undefined = loading, null = logged out, string = logged in. */
  session: string | null | undefined;
  /** The tasker from the mirror: undefined = loading, null = not synced yet. */
  user: Pick<User, 'status' | 'isApproved'> | null | undefined;
  online: boolean;
  /** For `/` only: this device has not shown the welcome slides yet (a signed-out visitor gets them). */
  firstVisit?: boolean;
  /** For `/` only: the tasker's own tasks in the mirror; undefined = loading. */
  taskCounts?: { inProgress: number; reserved: number } | undefined;
}

export type RouteDecision =
  | { kind: 'loading' }
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  /** Deactivated account: the contact-support screen replaces every logged-in screen. */
  | { kind: 'deactivated' }
  /** Logged in, but the profile is not in the mirror yet; offline it cannot be fetched now. */
  | { kind: 'pendingUser'; offline: boolean };

export function routeDecision(facts: RouteFacts): RouteDecision {
  const { rule, session, user } = facts;
  if (session === undefined) return { kind: 'loading' };
  if (rule === 'guest') return session === null ? { kind: 'render' } : { kind: 'redirect', to: '/' };
  if (session === null) return { kind: 'redirect', to: rule === 'home' && facts.firstVisit ? '/welcome' : '/login' };

  if (user === undefined) return { kind: 'loading' };
  if (user === null) {
    // Screens that do not depend on who the tasker is stay usable; never bounce to /login here:
    // the session is valid, only the profile has not arrived (first start offline, or mid-sync).
    return rule === 'login' ? { kind: 'render' } : { kind: 'pendingUser', offline: !facts.online };
  }
  if (user.status === 'deactivated') return { kind: 'deactivated' };

  switch (rule) {
    case 'login':
      return { kind: 'render' };
    case 'tasks':
      return canSeeTasks(user) ? { kind: 'render' } : { kind: 'redirect', to: '/onboarding' };
    case 'approved':
      return user.isApproved ? { kind: 'render' } : { kind: 'redirect', to: '/onboarding' };
    case 'home': {
      if (!canSeeTasks(user)) return { kind: 'redirect', to: '/onboarding' };
      const counts = facts.taskCounts;
      if (!counts) return { kind: 'loading' };
      if (counts.inProgress > 0) return { kind: 'redirect', to: '/in_progress' };
      if (counts.reserved > 0) return { kind: 'redirect', to: '/reserved' };
      return { kind: 'redirect', to: '/reservable' };
    }
  }
}
