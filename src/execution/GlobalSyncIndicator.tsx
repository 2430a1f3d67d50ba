/**
 * The global sync status: a small pill for the top bar — 'n waiting' while records of
 * the signed-in tasker are unsent, 'Not saved' when the server refused some — linking to the screen
 * that shows them (the task, the profile wizard, support: screenNeedingAttention); 'Offline' while the connection is down and nothing waits. Renders
 * nothing when online and all is saved. Mounted in src/app/TopBar.tsx.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useOnline } from '../shared/useOnline';
import { useOutbox } from '../sync/hooks';
import { useUser } from '../auth';
import { Icon } from '#ui/Icon';
import { screenNeedingAttention, summarizeOutbox } from './syncStatus';
import './execution.css';

export function GlobalSyncIndicator() {
  const { t } = useLingui();
  const records = useOutbox();
  const user = useUser();
  const online = useOnline();
  const offlinePill = online ? null : (
    <span className="sync-pill" role="status">
      <Icon name="wifiOff" size={14} />
      <Trans>Offline</Trans>
    </span>
  );
  if (!records || records.length === 0) return offlinePill;
  const summary = summarizeOutbox(records);
  const to = screenNeedingAttention(records, user?.status === 'active');
  const waiting = summary.waiting;
  if (summary.rejected.length > 0) {
    return (
      <Link to={to} className="sync-pill sync-pill--error" aria-label={t`Some changes were not accepted. Show them.`}>
        <Icon name="warning" size={14} />
        <Trans>Not saved</Trans>
      </Link>
    );
  }
  if (waiting === 0) return offlinePill;
  return (
    <Link to={to} className="sync-pill" aria-label={t`${waiting} changes waiting to be sent. Show them.`}>
      <Icon name="wifiOff" size={14} />
      <Trans>{waiting} waiting</Trans>
    </Link>
  );
}
