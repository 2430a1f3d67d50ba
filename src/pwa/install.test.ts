import { describe, expect, it } from 'vitest';
import {
  dismissInstallBanner,
  INSTALL_BANNER_DISMISS_DAYS,
  INSTALL_BANNER_MAX_WIDTH,
  INSTALL_BANNER_MIN_WIDTH,
  installDevice,
  isInstallBannerDismissed,
  shouldShowInstallBanner,
} from './install';
import { manifestHref } from './manifest';

const facts = { installed: false, dismissed: false };

describe('the install banner (spec sections 2 and 9)', () => {
  it('shows on the app screens and the access pages', () => {
    for (const pathname of ['/', '/reservable', '/task/t1', '/login', '/support', '/profile', '/welcome-back']) {
      expect(shouldShowInstallBanner({ pathname, ...facts }), pathname).toBe(true);
    }
  });

  it('hides on welcome, the opportunities map, the permission pages and install', () => {
    for (const pathname of ['/welcome', '/welcome/', '/opportunities-map', '/notification-permissions', '/geolocation-permissions', '/install']) {
      expect(shouldShowInstallBanner({ pathname, ...facts }), pathname).toBe(false);
    }
  });

  it('never shows in the installed app, once closed, or embedded', () => {
    expect(shouldShowInstallBanner({ pathname: '/reservable', installed: true, dismissed: false })).toBe(false);
    expect(shouldShowInstallBanner({ pathname: '/reservable', installed: false, dismissed: true })).toBe(false);
    expect(shouldShowInstallBanner({ pathname: '/reservable', installed: false, dismissed: false, embedded: true })).toBe(false);
  });

  it('is 280–380 px wide', () => {
    expect([INSTALL_BANNER_MIN_WIDTH, INSTALL_BANNER_MAX_WIDTH]).toEqual([280, 380]);
  });
});

describe('installDevice', () => {
  it('tells Android, iOS Safari, other iOS browsers and computers apart', () => {
    expect(installDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36')).toBe('android');
    expect(installDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1')).toBe('ios-safari');
    expect(installDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 CriOS/126.0 Mobile/15E148 Safari/604.1')).toBe('ios-other');
    expect(installDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 FxiOS/127.0 Mobile/15E148 Safari/605.1.15')).toBe('ios-other');
    // iPadOS reports a desktop Safari; touch points give it away.
    expect(installDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15', 5)).toBe('ios-safari');
    expect(installDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15', 0)).toBe('desktop');
    expect(installDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36')).toBe('desktop');
  });
});

describe('the manifest per language', () => {
  it('is the English one for en and its own file for the others', () => {
    expect(manifestHref('en')).toBe('/manifest.webmanifest');
    expect(manifestHref('pl')).toBe('/manifest.pl.webmanifest');
  });
});

describe('closing the install banner', () => {
  /** An in-memory Storage (the tests run in Node). */
  const memoryStorage = (): Storage => {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      clear: () => items.clear(),
      getItem: (key) => items.get(key) ?? null,
      key: (index) => [...items.keys()][index] ?? null,
      removeItem: (key) => void items.delete(key),
      setItem: (key, value) => void items.set(key, String(value)),
    };
  };
  const DAY = 24 * 60 * 60 * 1000;

  it('is remembered on the device, past the browser session, for INSTALL_BANNER_DISMISS_DAYS', () => {
    const storage = memoryStorage();
    const closedAt = Date.UTC(2026, 10, 1, 9);
    expect(isInstallBannerDismissed(closedAt, storage)).toBe(false);
    dismissInstallBanner(closedAt, storage);
    expect(isInstallBannerDismissed(closedAt + DAY, storage)).toBe(true);
    expect(isInstallBannerDismissed(closedAt + (INSTALL_BANNER_DISMISS_DAYS - 1) * DAY, storage)).toBe(true);
    expect(isInstallBannerDismissed(closedAt + INSTALL_BANNER_DISMISS_DAYS * DAY, storage)).toBe(false);
  });

  it('asks again when the stored time is unreadable or in the future (a clock set back)', () => {
    const storage = memoryStorage();
    storage.setItem('installBannerDismissedAt', 'yesterday');
    expect(isInstallBannerDismissed(Date.now(), storage)).toBe(false);
    dismissInstallBanner(Date.UTC(2026, 10, 20), storage);
    expect(isInstallBannerDismissed(Date.UTC(2026, 10, 1), storage)).toBe(false);
  });

  it('without storage (private mode) shows again next time, without an error', () => {
    const refusing = { ...memoryStorage(), getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } } as Storage;
    expect(() => dismissInstallBanner(Date.now(), refusing)).not.toThrow();
    expect(isInstallBannerDismissed(Date.now(), refusing)).toBe(false);
  });
});
