import { describe, expect, it } from 'vitest';
import { INSTALL_BANNER_MAX_WIDTH, INSTALL_BANNER_MIN_WIDTH, installDevice, shouldShowInstallBanner } from './install';
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
