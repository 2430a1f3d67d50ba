import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../shared/cachedLiveQuery';

describe('afterPaint', () => {
  let frames: Array<() => void> = [];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
      frames[handle - 1] = () => undefined;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const runFrame = () => frames.splice(0).forEach((f) => f());

  it('runs the task in a task after the next frame, not in the current task nor in the frame', () => {
    const task = vi.fn();
    afterPaint(task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    runFrame();
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();
  });

  it('can be cancelled before the frame and between the frame and the task', () => {
    const early = vi.fn();
    afterPaint(early)();
    runFrame();
    vi.runAllTimers();
    expect(early).not.toHaveBeenCalled();

    const late = vi.fn();
    const cancel = afterPaint(late);
    runFrame();
    cancel();
    vi.runAllTimers();
    expect(late).not.toHaveBeenCalled();
  });
});
