import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFromServiceWorkerMessage, isToServiceWorkerMessage } from '#contracts/serviceWorker';
import { isInstalledApp, postToServiceWorker, registerServiceWorker, requestPersistentStorage } from './register';

/** A window whose display mode is `mode`, recording `appinstalled` listeners. */
function fakeWindow(mode: string | null, extraNavigator: Record<string, unknown> = {}) {
  const listeners: Record<string, () => void> = {};
  const win = {
    matchMedia: (query: string) => ({ matches: mode !== null && query === `(display-mode: ${mode})` }),
    addEventListener: (type: string, listener: () => void) => {
      listeners[type] = listener;
    },
    navigator: extraNavigator,
  };
  vi.stubGlobal('window', win);
  return listeners;
}

function fakeStorage(persisted: boolean) {
  const storage = { persisted: vi.fn(async () => persisted), persist: vi.fn(async () => true) };
  vi.stubGlobal('navigator', { storage });
  return storage;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('isInstalledApp', () => {
  it('is true in a standalone display mode and false in a browser tab', () => {
    fakeWindow('standalone');
    expect(isInstalledApp()).toBe(true);
    fakeWindow('browser');
    expect(isInstalledApp()).toBe(false);
  });

  it('is true for an iOS home-screen app (navigator.standalone)', () => {
    fakeWindow(null, { standalone: true });
    expect(isInstalledApp()).toBe(true);
  });

  it('is false where matchMedia is missing', () => {
    vi.stubGlobal('window', { navigator: {} });
    expect(isInstalledApp()).toBe(false);
  });
});

describe('requestPersistentStorage', () => {
  it('asks for persistent storage in the installed app', async () => {
    fakeWindow('standalone');
    const storage = fakeStorage(false);
    expect(await requestPersistentStorage()).toBe(true);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask in a browser tab, but asks once the app gets installed', async () => {
    const listeners = fakeWindow('browser');
    const storage = fakeStorage(false);
    expect(await requestPersistentStorage()).toBe(false);
    expect(storage.persist).not.toHaveBeenCalled();
    listeners.appinstalled?.();
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when storage is already persistent', async () => {
    fakeWindow('standalone');
    const storage = fakeStorage(true);
    expect(await requestPersistentStorage()).toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('answers false where the Storage API is missing', async () => {
    fakeWindow('standalone');
    vi.stubGlobal('navigator', {});
    expect(await requestPersistentStorage()).toBe(false);
  });
});

describe('service worker plumbing', () => {
  it('does not register a service worker outside production builds', async () => {
    const register = vi.fn();
    vi.stubGlobal('navigator', { serviceWorker: { register } });
    expect(await registerServiceWorker()).toBeNull();
    expect(register).not.toHaveBeenCalled();
  });

  it('posts to the controlling worker, and reports false when no worker controls the page', () => {
    const postMessage = vi.fn();
    vi.stubGlobal('navigator', { serviceWorker: { controller: { postMessage } } });
    expect(postToServiceWorker({ type: 'replay' })).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: 'replay' });
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    expect(postToServiceWorker({ type: 'replay' })).toBe(false);
  });

  it('accepts only the protocol messages in each direction', () => {
    expect(isToServiceWorkerMessage({ type: 'skip-waiting' })).toBe(true);
    expect(isToServiceWorkerMessage({ type: 'shelfwork-sync' })).toBe(false);
    expect(isToServiceWorkerMessage('replay')).toBe(false);
    expect(isFromServiceWorkerMessage({ type: 'shelfwork-sync', reason: 'sync-event' })).toBe(true);
    expect(isFromServiceWorkerMessage({ type: 'replay' })).toBe(false);
    expect(isFromServiceWorkerMessage(null)).toBe(false);
  });
});
