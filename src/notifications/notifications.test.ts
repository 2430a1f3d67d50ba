/**
 * The pure parts of notifications and push: the tooltip's timing (1 s after start, 3 s
 * open, every 60 s), the push settings saver (500 ms, deduplicated), the 128-character preview,
 * the screen each type opens with its source, attendance notifications only with their request,
 * the push popup's rule, and the service worker's reading of a push.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationPath, notificationPreview, pushTopicOf, type AppNotification } from '#domain/notifications';
import { readPushData, targetUrl } from '../../sw/push';
import { nextTooltipChange, tooltipOpenAt } from './bellTooltip';
import { pushPopupWanted } from './push';
import { createSettingsSaver } from './pushSettingsSaver';
import { visibleNotifications } from './queries';

describe('bell tooltip timing', () => {
  it('opens 1 s after the start, stays 3 s, and again every 60 s', () => {
    expect([0, 999, 1000, 3999, 4000, 30_000, 60_999, 61_000, 63_999, 64_000].map((t) => tooltipOpenAt(t))).toEqual([
      false, false, true, true, false, false, false, true, true, false,
    ]);
    expect(nextTooltipChange(0)).toBe(1000);
    expect(nextTooltipChange(1000)).toBe(3000);
    expect(nextTooltipChange(4000)).toBe(57_000);
  });
});

describe('push settings saver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends one request 500 ms after the last change, and none when the settings end where they started', () => {
    const sent: unknown[] = [];
    const saver = createSettingsSaver((s) => sent.push(s));
    saver.confirmed({ topicTaskOffer: true, topicBonus: true });
    saver.change({ topicTaskOffer: false, topicBonus: true });
    vi.advanceTimersByTime(300);
    saver.change({ topicTaskOffer: false, topicBonus: false });
    vi.advanceTimersByTime(499);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ topicTaskOffer: false, topicBonus: false }]);
    // Off and on again within 500 ms: nothing to send.
    saver.change({ topicTaskOffer: true, topicBonus: false });
    saver.change({ topicTaskOffer: false, topicBonus: false });
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    saver.change({ topicTaskOffer: false, topicBonus: true });
    saver.flush();
    expect(sent).toHaveLength(2);
  });
});

const n = (over: Partial<AppNotification>): AppNotification => ({ id: 'n1', type: 'task_accepted', title: 't', body: 'b', resourceId: 'task-1', params: {}, createdAt: '2026-03-10T09:00:00Z', ...over });

describe('notifications', () => {
  it('previews 128 characters', () => {
    expect(notificationPreview('short')).toBe('short');
    const long = 'ą'.repeat(200);
    expect([...notificationPreview(long)]).toHaveLength(128);
    expect(notificationPreview(long).endsWith('…')).toBe(true);
    expect(notificationPreview('x'.repeat(128))).toBe('x'.repeat(128));
  });

  it('opens the right screen with its source', () => {
    expect(notificationPath(n({}), 'notification')).toBe('/task/task-1?source=notification');
    expect(notificationPath(n({ type: 'new_task_nearby' }), 'push_notification')).toBe('/task/task-1?source=push_notification');
    expect(notificationPath(n({ type: 'payout_paid' }), 'notification')).toBe('/profile/next-payout?source=notification');
    expect(notificationPath(n({ type: 'mission_completed', resourceId: 'm1' }), 'notification')).toBe('/missions?missionId=m1&source=notification');
    expect(notificationPath(n({ type: 'profile_rejected', resourceId: null }), 'notification')).toBe('/onboarding?source=notification');
    expect(notificationPath(n({ type: 'something_new' }), 'notification')).toBeNull();
    expect([pushTopicOf('new_task_nearby'), pushTopicOf('payout_paid'), pushTopicOf('mission_completed'), pushTopicOf('task_accepted')]).toEqual(['topicTaskOffer', 'topicBonus', 'topicBonus', null]);
  });

  it('shows an attendance notification only while its request is open', () => {
    const list = [n({ id: 'a', type: 'attendance_request', resourceId: 'open' }), n({ id: 'b', type: 'attendance_request', resourceId: 'gone' }), n({ id: 'c' })];
    expect(visibleNotifications(list, new Set(['open'])).map((x) => x.id)).toEqual(['a', 'c']);
  });

  it('lists a reminder only while its request is open, a discarded request always; each opens its screen', () => {
    const list = [
      n({ id: 'r1', type: 'attendance_request_reminder', resourceId: 'open' }),
      n({ id: 'r2', type: 'attendance_request_reminder', resourceId: 'gone' }),
      n({ id: 'd', type: 'attendance_request_discarded', resourceId: 'gone' }),
      n({ id: 'm', type: 'mission_assigned', resourceId: 'm1' }),
    ];
    expect(visibleNotifications(list, new Set(['open'])).map((x) => x.id)).toEqual(['r1', 'd', 'm']);
    expect(notificationPath(n({ type: 'mission_assigned', resourceId: 'm1' }), 'push_notification')).toBe('/missions?missionId=m1&source=push_notification');
    expect(notificationPath(n({ type: 'attendance_request_reminder' }), 'notification')).toBe('/task/task-1?source=notification&attendance=1');
    expect(notificationPath(n({ type: 'attendance_request_discarded' }), 'notification')).toBe('/task/task-1?source=notification');
    expect(pushTopicOf('mission_assigned')).toBe('topicBonus');
    expect(pushTopicOf('attendance_request_reminder')).toBeNull();
  });

  it('offers the push popup only in the installed app, at most 3 closes, without a server-known subscription', () => {
    const base = { installed: true, supported: true, closes: 0, state: 'none' as const };
    expect(pushPopupWanted(base)).toBe(true);
    expect(pushPopupWanted({ ...base, installed: false })).toBe(false);
    expect(pushPopupWanted({ ...base, closes: 2 })).toBe(true);
    expect(pushPopupWanted({ ...base, closes: 3 })).toBe(false);
    expect(pushPopupWanted({ ...base, state: 'active' })).toBe(false);
    expect(pushPopupWanted({ ...base, state: 'local-only' })).toBe(true);
    expect(pushPopupWanted({ ...base, supported: false })).toBe(false);
  });
});

describe('service worker push', () => {
  it('reads the push and opens only same-origin paths', () => {
    expect(readPushData(JSON.stringify({ title: 'T', body: 'B', url: '/task/1?source=push_notification', tag: 'x' }))).toEqual({ title: 'T', body: 'B', url: '/task/1?source=push_notification', tag: 'x' });
    expect(readPushData('plain text')).toMatchObject({ title: 'Shelfwork', body: 'plain text', url: '/' });
    expect(targetUrl('/task/1?source=push_notification', 'https://app.example')).toBe('https://app.example/task/1?source=push_notification');
    expect(targetUrl('//evil.example/x', 'https://app.example')).toBe('https://app.example/');
    expect(targetUrl('https://evil.example/', 'https://app.example')).toBe('https://app.example/');
  });
});
