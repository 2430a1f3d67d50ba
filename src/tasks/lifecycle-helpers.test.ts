import { describe, expect, it } from 'vitest';
import type { CancelPolicy } from '#domain/lifecycle';
import { cancelFormState } from './cancelForm';
import { expiryReminderTimes } from '#domain/lifecycle';
import { nextReminderDelay, planExpiryReminders, reminderKey, reminderTimeParts } from './expiryReminders';
import { makePlace, makeTask } from './fixtures';
import { shownReward, timeTakenMinutes } from './historicalTask';
import { isSliderComplete, sliderKeyProgress, sliderProgress, sliderRelease, sliderTravel } from './reserveSlider';
import { deviceKind, stepAfterPosition, stepBeforePosition } from './startFlow';

const NOW = new Date('2026-11-21T10:00:00Z');

describe('slide to reserve', () => {
  it.each<[string, number, number, number]>([
    ['nothing dragged', 0, 360, 0],
    ['half the travel (300 px of a 360 px track with a 60 px grabber)', 150, 360, 0.5],
    ['one pixel short of the end', 299, 360, 299 / 300],
    ['exactly the whole travel', 300, 360, 1],
    ['dragged past the end is clamped', 420, 360, 1],
    ['dragged backwards is clamped', -40, 360, 0],
    ['a track no wider than the grabber never travels', 60, 60, 0],
  ])('%s', (_name, drag, track, expected) => {
    expect(sliderProgress(drag, track)).toBeCloseTo(expected, 9);
  });

  it.each<[string, number, 'complete' | 'reset']>([
    ['a release at 100 % reserves', 1, 'complete'],
    ['a release at 99.9 % springs back', 0.999, 'reset'],
    ['a release at 0 springs back', 0, 'reset'],
  ])('%s', (_name, progress, expected) => {
    expect(sliderRelease(progress)).toBe(expected);
  });

  it('counts a full drag as complete whatever the track width', () => {
    for (const track of [200, 333, 390, 1024]) expect(isSliderComplete(sliderProgress(sliderTravel(track), track))).toBe(true);
  });

  it.each<[string, number, number | null]>([
    ['ArrowRight', 0, 0.25],
    ['ArrowRight', 0.9, 1],
    ['ArrowLeft', 0.1, 0],
    ['PageUp', 0.25, 0.75],
    ['End', 0.3, 1],
    ['Home', 0.8, 0],
    ['Enter', 0.5, null],
  ])('key %s from %s moves to %s', (key, from, expected) => {
    expect(sliderKeyProgress(key, from)).toBe(expected);
  });

  it('needs four arrow presses to reach the end, so a stray key press never reserves', () => {
    let p = 0;
    const seen: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      p = sliderKeyProgress('ArrowRight', p) ?? p;
      seen.push(isSliderComplete(p));
    }
    expect(seen).toEqual([false, false, false, true]);
  });
});

describe('cancel dialog form', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each<[string, CancelPolicy, string, boolean, { canSubmit: boolean; remaining: number; tooLong: boolean; justification: string | null }]>([
    ['early cancel needs only the confirmation', 'early', '', false, { canSubmit: true, remaining: 159, tooLong: false, justification: null }],
    ['late cancel without a reason is refused', 'late', '   ', true, { canSubmit: false, remaining: 159, tooLong: false, justification: '' }],
    ['late cancel with a reason but no policy tick is refused', 'late', 'Sick', false, { canSubmit: false, remaining: 155, tooLong: false, justification: 'Sick' }],
    ['late cancel with reason and tick is allowed', 'late', '  Sick  ', true, { canSubmit: true, remaining: 155, tooLong: false, justification: 'Sick' }],
    ['159 characters is the most a reason may have', 'late', long(159), true, { canSubmit: true, remaining: 0, tooLong: false, justification: long(159) }],
    ['160 characters is too long', 'late', long(160), true, { canSubmit: false, remaining: -1, tooLong: true, justification: long(160) }],
    ['after both deadlines nothing can be sent', 'none', 'Sick', true, { canSubmit: false, remaining: 155, tooLong: false, justification: null }],
  ])('%s', (_name, policy, justification, policyAccepted, expected) => {
    const state = cancelFormState({ policy, justification, policyAccepted });
    expect({ canSubmit: state.canSubmit, remaining: state.remaining, tooLong: state.tooLong, justification: state.justification }).toEqual(expected);
  });
});

describe('expiry reminder planning', () => {
  // Window ends at 14:00; 60 minutes expected → reminders at 13:00, 13:30, 13:54 and 14:00.
  const running = makeTask({ id: 'a', status: 'in_progress', timeWindowEnd: '2026-11-21T14:00:00Z', expectedDuration: 60 });

  it('plans the domain times of in-progress tasks, soonest first, with the time left at each', () => {
    const planned = planExpiryReminders([running], NOW);
    expect(planned.map((p) => [p.at.toISOString(), p.leftMs / 60_000])).toEqual([
      ['2026-11-21T13:00:00.000Z', 60],
      ['2026-11-21T13:30:00.000Z', 30],
      ['2026-11-21T13:54:00.000Z', 6],
      ['2026-11-21T14:00:00.000Z', 0],
    ]);
    expect(planned.map((p) => p.at.getTime())).toEqual(expiryReminderTimes(running, NOW).map((d) => d.getTime()));
  });

  it('skips reminders already fired and tasks that are not in progress', () => {
    const reserved = makeTask({ id: 'b', status: 'reserved', timeWindowEnd: '2026-11-21T14:00:00Z' });
    const fired = new Set([reminderKey('a', new Date('2026-11-21T13:00:00Z'))]);
    const planned = planExpiryReminders([running, reserved], NOW, fired);
    expect(planned.map((p) => p.key)).toEqual(['a@2026-11-21T13:30:00.000Z', 'a@2026-11-21T13:54:00.000Z', 'a@2026-11-21T14:00:00.000Z']);
  });

  it('interleaves the reminders of two tasks by time', () => {
    const other = makeTask({ id: 'c', status: 'in_progress', timeWindowEnd: '2026-11-21T13:40:00Z', expectedDuration: 20 });
    const planned = planExpiryReminders([running, other], NOW);
    expect(planned.slice(0, 3).map((p) => p.key)).toEqual(['a@2026-11-21T13:00:00.000Z', 'c@2026-11-21T13:20:00.000Z', 'a@2026-11-21T13:30:00.000Z']);
  });

  it('arms the next reminder with the time until it, and nothing when none is ahead', () => {
    const next = nextReminderDelay(planExpiryReminders([running], NOW), NOW);
    expect(next?.delayMs).toBe(3 * 3600_000);
    expect(nextReminderDelay([], NOW)).toBeNull();
  });

  it.each<[number, { hours: number; minutes: number }]>([
    [0, { hours: 0, minutes: 0 }],
    [6 * 60_000, { hours: 0, minutes: 6 }],
    [90 * 60_000, { hours: 1, minutes: 30 }],
    [59_001, { hours: 0, minutes: 1 }],
  ])('%i ms left reads as %o', (ms, expected) => {
    expect(reminderTimeParts(ms)).toEqual(expected);
  });
});

describe('start flow', () => {
  const place = makePlace({ coordinates: { latitude: 54.7106, longitude: 25.2634 } });
  const task = makeTask({ status: 'reserved', place, timeWindowStart: '2026-11-21T08:00:00Z', timeWindowEnd: '2026-11-21T16:00:00Z' });

  it('refuses before the window opens without asking for a position', () => {
    expect(stepBeforePosition(task, new Date('2026-11-21T07:59:00Z'))).toEqual({ kind: 'not_startable_yet', opensAt: '2026-11-21T08:00:00Z' });
  });

  it('asks for a position inside the window', () => {
    expect(stepBeforePosition(task, NOW)).toBeNull();
  });

  it('opens the permission help when no position could be read', () => {
    expect(stepAfterPosition(task, null, true, NOW)).toEqual({ kind: 'position_unavailable', denied: true });
  });

  it('starts at the store and refuses 2 km away with the distance', () => {
    expect(stepAfterPosition(task, place.coordinates, false, NOW)).toEqual({ kind: 'ready', position: place.coordinates });
    const far = stepAfterPosition(task, { latitude: 54.7286, longitude: 25.2634 }, false, NOW);
    expect(far.kind).toBe('too_far');
    expect(far.kind === 'too_far' && far.distanceMeters).toBeGreaterThan(1900);
  });

  it.each<[string, string, number, string]>([
    ['Android Chrome', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36', 5, 'android'],
    ['iPhone Safari', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1', 5, 'ios'],
    ['iPad in desktop mode', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 5, 'ios'],
    ['a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 0, 'desktop'],
    ['Linux Chromium', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36', 0, 'desktop'],
  ])('%s gets the %s help', (_name, ua, touch, expected) => {
    expect(deviceKind(ua, touch)).toBe(expected);
  });
});

describe('historical task facts', () => {
  const reduced = { amount: '5.00', currencyCode: 'EUR' as const, currencySymbol: '€' };
  it.each<[string, string | null, string | null, number | null]>([
    ['an hour and a half', '2026-11-20T10:00:00Z', '2026-11-20T11:30:00Z', 90],
    ['not finished', '2026-11-20T10:00:00Z', null, null],
    ['never started', null, '2026-11-20T11:30:00Z', null],
    ['end before start is not a duration', '2026-11-20T11:00:00Z', '2026-11-20T10:00:00Z', null],
  ])('time taken: %s', (_name, startTime, endTime, expected) => {
    expect(timeTakenMinutes({ startTime, endTime })).toBe(expected);
  });

  it.each<[string, 'accepted' | 'rejected' | 'awaiting_confirmation' | 'expired', boolean]>([
    ['accepted shows the reduction', 'accepted', true],
    ['rejected shows the reduction', 'rejected', true],
    ['awaiting confirmation never does', 'awaiting_confirmation', false],
    ['expired never does', 'expired', false],
  ])('%s', (_name, status, shows) => {
    expect(shownReward(makeTask({ status, reducedReward: reduced })).reduced !== null).toBe(shows);
  });
});
