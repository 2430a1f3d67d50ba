/**
 * Where the tasker's SKUs are: not saved yet (only in this device's skusCache), saved and waiting
 * for signal (queued in the outbox), being sent, all saved, or refused by the server (with the
 * outbox's retry / discard). Reads the task's outbox records of the scanned-items kind.
 */
import { Trans } from '@lingui/react/macro';
import type { OutboxRecord } from '#db/schema';
import { RejectedRecords, recordCategory } from '../execution';
import { Icon } from '#ui/Icon';

export function SkuSaveStatus({ records, dirty, online }: { records: readonly OutboxRecord[] | undefined; dirty: boolean; online: boolean }) {
  if (records === undefined) return null;
  const scans = records.filter((r) => recordCategory(r) === 'scans');
  const unsent = scans.some((r) => r.state === 'pending' || r.state === 'sending');
  const rejected = scans.filter((r) => r.state === 'rejected');
  return (
    <div className="sku-status" aria-live="polite">
      {dirty ? (
        <p className="exec-status exec-status--warn" role="status">
          <Icon name="warning" size={18} />
          <Trans>Not saved yet — kept on this device until you save</Trans>
        </p>
      ) : unsent ? (
        <p className="exec-status exec-status--warn" role="status">
          <Icon name={online ? 'clock' : 'wifiOff'} size={18} />
          {online ? <Trans>Saved — sending…</Trans> : <Trans>Saved — waiting for signal</Trans>}
        </p>
      ) : rejected.length === 0 ? (
        <p className="exec-status exec-status--ok" role="status">
          <Icon name="check" size={18} />
          <Trans>All saved</Trans>
        </p>
      ) : null}
      {rejected.length > 0 ? (
        <>
          <p className="exec-status exec-status--error" role="alert">
            <Icon name="warning" size={18} />
            <Trans>The server did not accept the SKUs. They are kept on this device.</Trans>
          </p>
          <RejectedRecords records={rejected} />
        </>
      ) : null}
    </div>
  );
}
