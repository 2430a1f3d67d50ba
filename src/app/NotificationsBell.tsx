/**
 * The notifications bell (spec sections 2, 4 and 9): its count badge is the number of
 * unseen notifications in the mirror (pulled every 60 s, so it works offline with what was last
 * pulled), and its tooltip says so 1 s after the app has started (the bell knows its count), for
 * 3 s, again every 60 s. A tap opens
 * the list, or — when there is exactly one — that notification directly
 * (src/notifications/NotificationsDialog.tsx).
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Icon } from '#ui/Icon';
import type { AppNotification } from '#domain/notifications';
import { nextTooltipChange, tooltipOpenAt } from '../notifications/bellTooltip';
import { useNotifications } from '../notifications/queries';
import '../notifications/notifications.css';

// The list (and the attendance popup it opens) loads when the bell is first tapped, not with the first screen.
const NotificationsDialog = lazy(async () => ({ default: (await import('../notifications/NotificationsDialog')).NotificationsDialog }));

/**
 * When the tooltip's clock started: the first time this page's bell knew its count (a new page
 * load starts it again). Counted from the page load instead, a slow phone's start — the app, the
 * mirror's first answer — could take the whole 1 + 3 s, and the tooltip first showed a minute later.
 */
let clockStart: number | null = null;

function useBellTooltip(active: boolean, counted: boolean): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (counted && clockStart === null) clockStart = Date.now();
    if (!active || clockStart === null) return;
    const start = clockStart;
    // Wake up at each open/close change (a timer's callback, never a render, updates the clock).
    const timer = setTimeout(() => setNow(Date.now()), nextTooltipChange(Date.now() - start) + 5);
    return () => clearTimeout(timer);
  }, [active, counted, now]);
  return active && clockStart !== null && tooltipOpenAt(now - clockStart);
}

export function NotificationsBell() {
  const { t } = useLingui();
  const notifications = useNotifications();
  const count = notifications?.length ?? 0;
  const [open, setOpen] = useState(false);
  // The one opened directly when the bell was tapped with a single notification.
  const [direct, setDirect] = useState<AppNotification | null>(null);
  const tooltip = useBellTooltip(count > 0 && !open, notifications !== undefined);
  const tooltipId = useId();
  const label = count > 0 ? t`Notifications, ${count} new` : t`Notifications`;
  return (
    <span className="bell">
      <button
        type="button"
        className="icon-btn"
        aria-label={label}
        aria-haspopup="dialog"
        aria-describedby={tooltip ? tooltipId : undefined}
        data-testid="notifications-bell"
        onClick={() => {
          setDirect(notifications?.length === 1 ? (notifications[0] ?? null) : null);
          setOpen(true);
        }}
      >
        <Icon name="bell" />
        {count > 0 ? (
          <span className="badge-count" aria-hidden="true" data-testid="notifications-count">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {tooltip ? (
        <span className="bell-tooltip" role="tooltip" id={tooltipId}>
          {/* Made only when shown: a page's first plural pays ICU's one-time set-up, not worth it
              inside the first screen's render for a tooltip that is not there. */}
          {plural(count, { one: 'You have # new notification', other: 'You have # new notifications' })}
        </span>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <NotificationsDialog
            notifications={notifications ?? []}
            initial={direct}
            onClose={() => {
              setOpen(false);
              setDirect(null);
            }}
          />
        </Suspense>
      ) : null}
    </span>
  );
}
