/**
 * A link to a path of this app as a plain anchor, followed in the app on a plain click: the
 * router's `Link` and `NavLink` resolve their path and read the location on every render, and
 * every one of them re-renders with each navigation — the drawer's items, the tabs and the bottom
 * navigation were ~13 ms of a tab switch on a slow phone (docs/performance.md, "Lists on a slow
 * phone"). `to` is an absolute path; modified clicks (new tab or window) stay the browser's.
 * `sync` follows the click in one task (syncNavigation.ts), as the tabs do.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { followTabClick, isPlainClick } from './syncNavigation';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  sync?: boolean;
}

export function AppLink({ to, sync = false, onClick, ...anchor }: AppLinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if ((anchor.target && anchor.target !== '_self') || anchor.download !== undefined) return;
    if (sync) return followTabClick(event, to, navigate);
    if (!isPlainClick(event)) return;
    event.preventDefault();
    void navigate(to);
  };
  return <a href={to} {...anchor} onClick={follow} />;
}

/** Whether the bottom navigation's tab to `to` is the current one (NavLink's rule: the path or below it). */
export function isCurrentPath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(to.endsWith('/') ? to : `${to}/`);
}
