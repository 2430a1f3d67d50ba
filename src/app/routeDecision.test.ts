import { describe, expect, it } from 'vitest';
import type { UserStatus } from '#domain/types';
import { routeDecision, type RouteDecision, type RouteFacts, type RouteRule } from './routeDecision';

const user = (status: UserStatus) => ({ status, isApproved: status === 'active' });
const noTasks = { inProgress: 0, reserved: 0 };
const base = { online: true, taskCounts: noTasks };

type Row = [string, RouteRule, Omit<RouteFacts, 'rule' | 'online' | 'taskCounts'> & Partial<RouteFacts>, RouteDecision];

const rows: Row[] = [
  // While the mirror is being read nothing redirects.
  ['waits for the session before deciding a guest page', 'guest', { session: undefined, user: undefined }, { kind: 'loading' }],
  ['waits for the session before deciding a login page', 'login', { session: undefined, user: undefined }, { kind: 'loading' }],
  ['waits for the session before deciding home', 'home', { session: undefined, user: undefined }, { kind: 'loading' }],
  ['waits for the user row before deciding a task list', 'tasks', { session: 'a@b.lt', user: undefined }, { kind: 'loading' }],
  // Guest-only.
  ['shows a guest page to a logged-out visitor', 'guest', { session: null, user: null }, { kind: 'render' }],
  ['sends a logged-in tasker away from guest pages to home', 'guest', { session: 'a@b.lt', user: user('active') }, { kind: 'redirect', to: '/' }],
  ['treats a session without an email as logged in', 'guest', { session: '', user: null }, { kind: 'redirect', to: '/' }],
  // Login.
  ['sends a logged-out visitor from home to login', 'home', { session: null, user: null }, { kind: 'redirect', to: '/login' }],
  ['sends a logged-out first visit from home to the welcome slides', 'home', { session: null, user: null, firstVisit: true }, { kind: 'redirect', to: '/welcome' }],
  ['sends a logged-out visitor who saw the slides from home to login', 'home', { session: null, user: null, firstVisit: false }, { kind: 'redirect', to: '/login' }],
  ['sends a first visit from a guarded page to login, not the slides', 'tasks', { session: null, user: null, firstVisit: true }, { kind: 'redirect', to: '/login' }],
  ['sends a logged-out visitor from a login page to login', 'login', { session: null, user: null }, { kind: 'redirect', to: '/login' }],
  ['sends a logged-out visitor from a task list to login', 'tasks', { session: null, user: null }, { kind: 'redirect', to: '/login' }],
  ['shows a login page to any logged-in tasker', 'login', { session: 'a@b.lt', user: user('new') }, { kind: 'render' }],
  // Profile not synced yet: never bounce to login.
  ['shows a login-only page before the profile has synced', 'login', { session: 'a@b.lt', user: null }, { kind: 'render' }],
  ['waits for the profile online on a task list', 'tasks', { session: 'a@b.lt', user: null }, { kind: 'pendingUser', offline: false }],
  ['explains the missing profile offline on home', 'home', { session: 'a@b.lt', user: null, online: false }, { kind: 'pendingUser', offline: true }],
  // Deactivated.
  ['shows contact support to a deactivated tasker on any logged-in page', 'login', { session: 'a@b.lt', user: user('deactivated') }, { kind: 'deactivated' }],
  ['shows contact support to a deactivated tasker on home', 'home', { session: 'a@b.lt', user: user('deactivated') }, { kind: 'deactivated' }],
  // Can-see-tasks.
  ['lets an approved tasker see task lists', 'tasks', { session: 'a@b.lt', user: user('active') }, { kind: 'render' }],
  ['lets a tasker awaiting approval see (locked) task lists', 'tasks', { session: 'a@b.lt', user: user('awaiting_approval') }, { kind: 'render' }],
  ['sends a new tasker from task lists to onboarding', 'tasks', { session: 'a@b.lt', user: user('new') }, { kind: 'redirect', to: '/onboarding' }],
  ['sends a rejected tasker from task lists to onboarding', 'tasks', { session: 'a@b.lt', user: user('rejected') }, { kind: 'redirect', to: '/onboarding' }],
  // Approved.
  ['lets an approved tasker open the profile', 'approved', { session: 'a@b.lt', user: user('active') }, { kind: 'render' }],
  ['sends a tasker awaiting approval from the profile to onboarding', 'approved', { session: 'a@b.lt', user: user('awaiting_approval') }, { kind: 'redirect', to: '/onboarding' }],
  // Home.
  ['sends a new tasker home to onboarding', 'home', { session: 'a@b.lt', user: user('new') }, { kind: 'redirect', to: '/onboarding' }],
  ['sends a rejected tasker home to onboarding', 'home', { session: 'a@b.lt', user: user('rejected') }, { kind: 'redirect', to: '/onboarding' }],
  ['waits for the task mirror before choosing a list', 'home', { session: 'a@b.lt', user: user('active'), taskCounts: undefined }, { kind: 'loading' }],
  ['sends home to in progress when a task is in progress', 'home', { session: 'a@b.lt', user: user('active'), taskCounts: { inProgress: 1, reserved: 3 } }, { kind: 'redirect', to: '/in_progress' }],
  ['sends home to reserved when tasks are reserved and none in progress', 'home', { session: 'a@b.lt', user: user('active'), taskCounts: { inProgress: 0, reserved: 2 } }, { kind: 'redirect', to: '/reserved' }],
  ['sends home to offerings when the tasker has no own tasks', 'home', { session: 'a@b.lt', user: user('active') }, { kind: 'redirect', to: '/reservable' }],
  ['sends a tasker awaiting approval home to offerings', 'home', { session: 'a@b.lt', user: user('awaiting_approval') }, { kind: 'redirect', to: '/reservable' }],
];

describe('routeDecision', () => {
  it.each(rows)('%s', (_name, rule, facts, expected) => {
    expect(routeDecision({ ...base, ...facts, rule })).toEqual(expected);
  });
});
