import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../app/router';
import { followTabClick, type TabClick } from './syncNavigation';

const click = (extra: Partial<TabClick> = {}) => ({
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
  preventDefault: vi.fn(),
  ...extra,
});

describe('tab clicks', () => {
  it('follows a plain primary click with a synchronous (flushSync) navigation', () => {
    const navigate = vi.fn();
    const event = click();
    followTabClick(event, '/reservable', navigate);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/reservable', { flushSync: true });
  });

  it.each([
    ['a middle click', { button: 1 }],
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['a click already handled', { defaultPrevented: true }],
  ])('leaves %s to the browser', (_name, extra) => {
    const navigate = vi.fn();
    const event = click(extra);
    followTabClick(event, '/reserved', navigate);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('the task list routes', () => {
  const chain = (path: string) => (matchRoutes(routes, path) ?? []).map((m) => m.route);

  it('are leaves of one lazy route, so a switch between them has no route module to load', () => {
    const [inProgress, reserved, reservable] = ['/in_progress', '/reserved', '/reservable'].map(chain);
    const lazyOf = (routes: ReturnType<typeof chain>) => routes.filter((r) => typeof r.lazy === 'function');
    // The router runs its loading phase (and commits in a transition, not flushSync) whenever a
    // matched route still has a `lazy` to call: the leaves must have none.
    for (const matched of [inProgress!, reserved!, reservable!]) {
      expect(matched.at(-1)!.lazy).toBeUndefined();
      expect(lazyOf(matched)).toHaveLength(1);
    }
    expect(lazyOf(reserved!)[0]).toBe(lazyOf(inProgress!)[0]);
    expect(lazyOf(reservable!)[0]).toBe(lazyOf(inProgress!)[0]);
  });

  it('keep their titles on the leaves', () => {
    expect(chain('/reservable').at(-1)!.handle).toMatchObject({ title: 'reservable' });
    expect(chain('/reserved').at(-1)!.handle).toMatchObject({ title: 'reserved' });
    expect(chain('/in_progress').at(-1)!.handle).toMatchObject({ title: 'in_progress' });
  });
});
