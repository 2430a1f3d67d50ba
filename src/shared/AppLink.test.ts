import { describe, expect, it } from 'vitest';
import { isCurrentPath } from './AppLink';

describe('isCurrentPath (the bottom navigation, as NavLink decided it)', () => {
  it('is the path itself or a path below it', () => {
    expect(isCurrentPath('/profile', '/profile')).toBe(true);
    expect(isCurrentPath('/profile/photo', '/profile')).toBe(true);
    expect(isCurrentPath('/reserved', '/reserved')).toBe(true);
  });
  it('is not another path that starts with the same letters, nor a parent', () => {
    expect(isCurrentPath('/reservable', '/reserved')).toBe(false);
    expect(isCurrentPath('/reserved', '/reservable')).toBe(false);
    expect(isCurrentPath('/profiles', '/profile')).toBe(false);
    expect(isCurrentPath('/', '/profile')).toBe(false);
  });
});
