/**
 * The global sync status: a small pill for the top bar — 'n waiting' while records of
 * the signed-in tasker are unsent, 'Not saved' when the server refused some — linking to the task
 * that needs attention; 'Offline' while the connection is down and nothing waits. Renders
 * nothing when online and all is saved. Mounted in src/app/TopBar.tsx.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useOnline } from '../app/useOnline';
import { useOutbox } from '../sync/hooks';
import { Icon } from '#ui/Icon';
import { summarizeOutbox, taskNeedingAttention } from './syncStatus';
import './execution.css';

export function GlobalSyncIndicator() {
  const { t } = useLingui();
  const records = useOutbox();
  const online = useOnline();
  const offlinePill = online ? null : (
    <span className="sync-pill" role="status">
      <Icon name="wifiOff" size={14} />
      <Trans>Offline</Trans>
    </span>
  );
  if (!records || records.length === 0) return offlinePill;
  const summary = summarizeOutbox(records);
  const taskId = taskNeedingAttention(records);
  const to = taskId ? `/task/${encodeURIComponent(taskId)}` : '/in_progress';
  const waiting = summary.waiting;
  if (summary.rejected.length > 0) {
    return (
      <Link to={to} className="sync-pill sync-pill--error" aria-label={t`Some changes were not accepted. Open the task.`}>
        <Icon name="warning" size={14} />
        <Trans>Not saved</Trans>
      </Link>
    );
  }
  if (waiting === 0) return offlinePill;
  return (
    <Link to={to} className="sync-pill" aria-label={t`${waiting} changes waiting to be sent. Open the task.`}>
      <Icon name="wifiOff" size={14} />
      <Trans>{waiting} waiting</Trans>
    </Link>
  );
}
