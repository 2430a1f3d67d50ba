/**
 * The notifications bell with its count badge. Notifications are synced in a later issue; until
 * then the count is 0 and the panel says so instead of pretending.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Dialog } from '#ui/Dialog';
import { Icon } from '#ui/Icon';

export interface NotificationsBellProps {
  count: number;
}

export function NotificationsBell({ count }: NotificationsBellProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const label = count > 0 ? t`Notifications, ${count} new` : t`Notifications`;
  return (
    <>
      <button type="button" className="icon-btn" aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Icon name="bell" />
        {count > 0 ? (
          <span className="badge-count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={<Trans>Notifications</Trans>}>
        <p className="muted">
          <Trans>You have no new notifications.</Trans>
        </p>
      </Dialog>
    </>
  );
}
