/** What a route tells the main layout's top bar (react-router `handle`). */
export type RouteTitleKey =
  | 'in_progress'
  | 'reserved'
  | 'reservable'
  | 'task'
  | 'settings'
  | 'onboarding'
  | 'profile'
  | 'support'
  | 'history'
  | 'trainings'
  | 'invite'
  | 'missions'
  | 'nextPayout'
  | 'faq'
  | 'knowledgeBase'
  | 'troubleshooting'
  | 'map'
  | 'opportunitiesMap';

export interface RouteHandle {
  title: RouteTitleKey;
  /** A back arrow instead of the menu button (screens below a list). */
  back?: boolean;
  /** Show the support button in the top bar. */
  support?: boolean;
  /** Where the back arrow goes when there is no history to go back to (a deep link); offerings by default. */
  backFallback?: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string';
}
