/**
 * The notifications popup (spec sections 2, 4 and 9): the list (title, a 128-character preview,
 * when) and a notification's detail. Opening one marks it seen: it leaves the list at once (also
 * offline; the mark reaches the server once). The detail's action opens what it is about with
 * `?source=notification`; an attendance notification opens the attendance form, only while its
 * request still exists.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '#ui/Dialog';
import { Icon } from '#ui/Icon';
import { isAttendanceRequestNotice, notificationPath, notificationPreview, type AppNotification } from '#domain/notifications';
import { AttendanceDialog, useAttendanceRequest } from '../attendance';
import { formatDateTime } from '../i18n/format';
import { useSyncMeta } from '../sync/hooks';
import { markNotificationSeen } from './mutations';
import { useNotificationWords } from './useNotificationWords';

export interface NotificationsDialogProps {
  notifications: AppNotification[];
  /** Open this one's detail at once (the bell with a single notification). */
  initial: AppNotification | null;
  onClose: () => void;
}

export function NotificationsDialog({ notifications, initial, onClose }: NotificationsDialogProps) {
  const [opened, setOpened] = useState<AppNotification | null>(initial);
  // Opening marks it seen: once per notification, when its detail shows.
  useEffect(() => {
    if (opened) void markNotificationSeen(opened.id);
  }, [opened]);
  const open = (n: AppNotification) => setOpened(n);

  if (opened) return <NotificationDetail notification={opened} onClose={onClose} onBack={initial ? null : () => setOpened(null)} />;
  return <NotificationList notifications={notifications} onOpen={open} onClose={onClose} />;
}

function NotificationList({ notifications, onOpen, onClose }: { notifications: AppNotification[]; onOpen: (n: AppNotification) => void; onClose: () => void }) {
  const { i18n } = useLingui();
  const words = useNotificationWords();
  // Spec section 8: a failed notifications pull says so (the list is what was last loaded).
  const meta = useSyncMeta('notifications');
  return (
    <Dialog open onClose={onClose} title={<Trans>Notifications</Trans>}>
      {meta?.error ? (
        <p className="muted notification-list__stale" role="status">
          <Trans>Notifications could not be loaded. This is what was loaded last.</Trans>
        </p>
      ) : null}
      {notifications.length === 0 ? (
        <p className="muted">
          <Trans>You have no new notifications.</Trans>
        </p>
      ) : (
        <ul className="notification-list" data-testid="notification-list">
          {notifications.map((n) => {
            const w = words(n);
            return (
              <li key={n.id}>
                <button type="button" className="notification-item" onClick={() => onOpen(n)}>
                  <span className="notification-item__title">{w.title}</span>
                  <span className="notification-item__preview">{notificationPreview(w.body)}</span>
                  <span className="notification-item__time">{formatDateTime(n.createdAt, i18n.locale)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}

function NotificationDetail({ notification: n, onClose, onBack }: { notification: AppNotification; onClose: () => void; onBack: (() => void) | null }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const words = useNotificationWords()(n);
  const isAttendance = isAttendanceRequestNotice(n.type);
  const request = useAttendanceRequest(isAttendance ? (n.resourceId ?? undefined) : undefined);
  const [answering, setAnswering] = useState(false);
  const path = isAttendance ? null : notificationPath(n, 'notification');

  if (answering && request) return <AttendanceDialog request={request} onClose={onClose} />;
  return (
    <Dialog
      open
      onClose={onClose}
      title={words.title}
      actions={
        <>
          {isAttendance && request ? (
            <button type="button" className="btn" onClick={() => setAnswering(true)}>
              <Trans>Answer</Trans>
            </button>
          ) : null}
          {path ? (
            <button
              type="button"
              className="btn"
              data-testid="notification-open"
              onClick={() => {
                onClose();
                void navigate(path);
              }}
            >
              {n.type.startsWith('task_') || n.type === 'new_task_nearby' ? <Trans>Open task</Trans> : <Trans>Open</Trans>}
              <Icon name="chevron" size={18} />
            </button>
          ) : null}
        </>
      }
    >
      <p className="notification-detail__body" data-testid="notification-body">
        {words.body}
      </p>
      <p className="notification-detail__time muted">{formatDateTime(n.createdAt, i18n.locale)}</p>
      {onBack ? (
        <button type="button" className="btn btn-text notification-detail__back" onClick={onBack}>
          <Icon name="back" size={18} />
          <Trans>All notifications</Trans>
        </button>
      ) : null}
      {isAttendance && request === null ? (
        <p className="muted">
          <Trans>This attendance request is no longer open.</Trans>
        </p>
      ) : null}
    </Dialog>
  );
}
