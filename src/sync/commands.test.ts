import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ reserveTask: vi.fn(), watch: vi.fn() }));
vi.mock('./client', () => ({ getSyncApi: () => api }));

const { runCommand, sendSignal, thrownFailure } = await import('./commands');

describe('the command layer', () => {
  beforeEach(() => {
    api.reserveTask.mockReset();
    api.watch.mockReset();
  });

  it("passes the worker's answer through, success or failure", async () => {
    api.reserveTask.mockResolvedValueOnce({ ok: true, value: undefined });
    expect(await runCommand((w) => w.reserveTask('t1'))).toEqual({ ok: true, value: undefined });
    const offline = { ok: false, error: { status: 0, code: 'NETWORK', message: 'fetch failed' } };
    api.reserveTask.mockResolvedValueOnce(offline);
    expect(await runCommand((w) => w.reserveTask('t1'))).toEqual(offline);
  });

  it('turns a full disk into QUOTA_EXCEEDED and a dead worker into UNKNOWN', async () => {
    api.reserveTask.mockRejectedValueOnce(new DOMException('disk full', 'QuotaExceededError'));
    expect(await runCommand((w) => w.reserveTask('t1'))).toEqual({ ok: false, error: { status: 0, code: 'QUOTA_EXCEEDED', message: 'disk full' } });
    api.reserveTask.mockRejectedValueOnce(new Error('worker terminated'));
    expect(await runCommand((w) => w.reserveTask('t1'))).toEqual({ ok: false, error: { status: 0, code: 'UNKNOWN', message: 'worker terminated' } });
    expect(thrownFailure('gone')).toEqual({ status: 0, code: 'UNKNOWN', message: 'gone' });
  });

  it('a signal never throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.watch.mockRejectedValueOnce(new Error('worker terminated'));
    await expect(sendSignal('watch', (w) => w.watch({ taskId: null }))).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
