import { expose } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncApi, SyncReason } from '#contracts/sync';

/**
 * The page side against a stand-in worker: a MessageChannel whose far end is a Comlink-exposed
 * recorder, so the real `wrap`, message ordering and trigger wiring are exercised in Node.
 */
function installPageStubs() {
  const calls: Array<[string, unknown]> = [];
  const created: Array<{ url: string; options: WorkerOptions | undefined }> = [];
  const recorder: Pick<SyncApi, 'init' | 'syncNow'> = {
    init: async (options) => {
      calls.push(['init', options]);
    },
    syncNow: async (reason: SyncReason) => {
      calls.push(['syncNow', reason]);
    },
  };
  class StubWorker {
    private readonly port: MessagePort;
    constructor(url: URL | string, options?: WorkerOptions) {
      created.push({ url: String(url), options });
      const channel = new MessageChannel();
      expose(recorder, channel.port2);
      this.port = channel.port1;
    }
    postMessage(message: unknown, transfer: Transferable[] = []) {
      this.port.postMessage(message, transfer);
    }
    addEventListener(type: string, listener: EventListener) {
      if (type === 'message') this.port.addEventListener('message', listener);
      this.port.start();
    }
    removeEventListener(type: string, listener: EventListener) {
      if (type === 'message') this.port.removeEventListener('message', listener);
    }
  }
  const windowTarget = new EventTarget();
  const documentTarget = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
  const serviceWorker = new EventTarget();
  vi.stubGlobal('Worker', StubWorker);
  vi.stubGlobal('location', new URL('https://app.shelfwork.test/reservable'));
  vi.stubGlobal('window', windowTarget);
  vi.stubGlobal('document', documentTarget);
  vi.stubGlobal('navigator', { serviceWorker });
  return { calls, created, windowTarget, documentTarget, serviceWorker };
}

async function settle(calls: unknown[], count: number): Promise<void> {
  for (let i = 0; i < 200 && calls.length < count; i++) await new Promise((r) => setTimeout(r, 5));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('sync client', () => {
  it('creates one module worker, initialises it with the absolute /api URL and syncs at start', async () => {
    const stubs = installPageStubs();
    const { startSync, getSyncApi } = await import('./client');

    startSync();
    startSync();
    getSyncApi();
    await settle(stubs.calls, 2);

    expect(stubs.created).toHaveLength(1);
    expect(stubs.created[0]?.url).toMatch(/workers\/sync\/worker\.ts$/);
    expect(stubs.created[0]?.options?.type).toBe('module');
    expect(stubs.calls).toEqual([
      ['init', { apiBase: 'https://app.shelfwork.test/api/' }],
      ['syncNow', 'start'],
    ]);
  });

  it('syncs when the page comes online, becomes visible, or the service worker asks', async () => {
    const stubs = installPageStubs();
    const { startSync } = await import('./client');
    startSync();
    await settle(stubs.calls, 2);

    stubs.windowTarget.dispatchEvent(new Event('online'));
    stubs.documentTarget.dispatchEvent(new Event('visibilitychange')); // still hidden: ignored
    stubs.documentTarget.visibilityState = 'visible';
    stubs.documentTarget.dispatchEvent(new Event('visibilitychange'));
    stubs.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
    stubs.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'shelfwork-sync' } }));
    await settle(stubs.calls, 5);

    expect(stubs.calls.slice(2)).toEqual([
      ['syncNow', 'online'],
      ['syncNow', 'visible'],
      ['syncNow', 'background-sync'],
    ]);
  });
});
