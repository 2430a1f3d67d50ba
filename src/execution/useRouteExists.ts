/**
 * Whether the app has a screen for a path (not the catch-all). The scanner screen comes with a
 * later issue: until its route exists, a scanner item says so instead of linking to "not found".
 */
import { useContext } from 'react';
import { matchRoutes, UNSAFE_DataRouterContext } from 'react-router';

export function useRouteExists(path: string): boolean {
  const context = useContext(UNSAFE_DataRouterContext);
  if (!context) return false;
  const matches = matchRoutes(context.router.routes, path);
  const leaf = matches?.[matches.length - 1];
  return Boolean(leaf && leaf.route.path !== '*');
}
