import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sync worker entry', () => {
  it('refuses loudly to start when imported outside a web worker', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await import('./worker');

    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('imported outside a web worker');
  });
});
