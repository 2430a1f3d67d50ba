/**
 * The profile and training routes are guarded by registration (the RouteGuard elements above
 * them in the route table), not by matching URLs: this reads the guards from the real table and
 * asks routeDecision what each kind of tasker gets.
 */
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserStatus } from '#domain/types';
import { RouteGuard, type RouteGuardProps } from '../app/RouteGuard';
import { routeDecision, type RouteDecision } from '../app/routeDecision';
import { routes } from '../app/router';

function guardsOf(path: string): RouteGuardProps['rule'][] {
  const matches = matchRoutes(routes, path) ?? [];
  return matches.flatMap(({ route }) =>
    isValidElement<RouteGuardProps>(route.element) && route.element.type === RouteGuard ? [route.element.props.rule] : [],
  );
}

/** The first guard that does not render decides, as nested RouteGuards do. */
function decide(path: string, status: UserStatus): RouteDecision {
  const user = { status, isApproved: status === 'active' };
  for (const rule of guardsOf(path)) {
    const decision = routeDecision({ rule, session: 'a@b.lt', user, online: true });
    if (decision.kind !== 'render') return decision;
  }
  return { kind: 'render' };
}

describe('profile and training routes', () => {
  it('puts /profile behind login and approval, and the trainings behind login only', () => {
    expect(guardsOf('/profile')).toEqual(['login', 'approved']);
    expect(guardsOf('/trainings')).toEqual(['login']);
    expect(guardsOf('/trainings/basics')).toEqual(['login']);
  });

  it.each<[UserStatus, RouteDecision]>([
    ['active', { kind: 'render' }],
    ['awaiting_approval', { kind: 'redirect', to: '/onboarding' }],
    ['new', { kind: 'redirect', to: '/onboarding' }],
    ['rejected', { kind: 'redirect', to: '/onboarding' }],
    ['deactivated', { kind: 'deactivated' }],
  ])('a %s tasker opening /profile gets %o', (status, expected) => {
    expect(decide('/profile', status)).toEqual(expected);
  });

  it('lets every tasker who is not deactivated open the trainings', () => {
    for (const status of ['active', 'awaiting_approval', 'new', 'rejected'] as const) {
      expect(decide('/trainings', status)).toEqual({ kind: 'render' });
      expect(decide('/trainings/basics', status)).toEqual({ kind: 'render' });
    }
  });

  it('sends a logged-out visitor to login', () => {
    expect(routeDecision({ rule: guardsOf('/profile')[0] ?? 'login', session: null, user: null, online: true })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it("takes a deep-linked training's back arrow to the training list", () => {
    const leaf = (matchRoutes(routes, '/trainings/basics') ?? []).at(-1)?.route;
    expect(leaf?.handle).toMatchObject({ title: 'trainings', back: true, backFallback: '/trainings' });
  });

  it('has real screens, not the coming-soon placeholder', () => {
    for (const path of ['/profile', '/trainings', '/trainings/basics']) {
      const leaf = (matchRoutes(routes, path) ?? []).at(-1)?.route;
      expect(leaf?.path).not.toBe('*');
      expect(typeof leaf?.lazy).toBe('function');
    }
  });
});
