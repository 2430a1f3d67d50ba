import { describe, expect, it } from 'vitest';
import { notificationPath } from '#domain/notifications';
import { notificationsOpenedBy, openedLink } from './notificationSource';

const n = (id: string, type: string, resourceId: string | null) => ({ id, type, resourceId });

describe('openedLink: ?source= where a notification link lands', () => {
  it('reads a push link and keeps the rest of the query', () => {
    expect(openedLink('/task/t1', '?source=push_notification&attendance=1')).toEqual({ source: 'push_notification', pathname: '/task/t1', search: '?attendance=1' });
  });
  it('reads a link from the popup', () => {
    expect(openedLink('/profile/next-payout', '?source=notification')).toEqual({ source: 'notification', pathname: '/profile/next-payout', search: '' });
  });
  it('ignores a URL without source, or with an unknown one', () => {
    expect(openedLink('/task/t1', '')).toBeNull();
    expect(openedLink('/task/t1', '?source=mail')).toBeNull();
  });
});

describe('notificationsOpenedBy: the notifications a link was made for', () => {
  const list = [n('a', 'task_accepted', 't1'), n('b', 'attendance_request', 't1'), n('c', 'payout_paid', null), n('d', 'task_accepted', 't2')];

  it('finds the notification of each link notificationPath writes, for both sources', () => {
    for (const source of ['push_notification', 'notification'] as const) {
      for (const item of list) {
        const url = new URL(notificationPath(item, source)!, 'http://x');
        expect(notificationsOpenedBy(openedLink(url.pathname, url.search)!, list), `${item.type} by ${source}`).toEqual([item.id]);
      }
    }
  });
  it('matches whatever order the query was written in', () => {
    expect(notificationsOpenedBy(openedLink('/task/t1', '?attendance=1&source=push_notification')!, list)).toEqual(['b']);
  });
  it('finds none for a link of a notification not in the list (yet)', () => {
    expect(notificationsOpenedBy(openedLink('/task/t9', '?source=push_notification')!, list)).toEqual([]);
  });
});
