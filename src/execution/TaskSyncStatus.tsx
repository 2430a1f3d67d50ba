/**
 * The per-task sync status: what of this task is still on the device ('2 photos,
 * 14 scans waiting for signal'), 'All saved' when nothing is, and the records the server refused.
 * 'Sending' only while a record is being sent (state 'sending', online); between attempts — the
 * server unreachable, a retry waiting out its backoff — the work is 'waiting to send'.
 * `hideWhenSaved` (finished tasks) shows nothing once everything arrived.
 */
import { Trans } from '@lingui/react/macro';
import type { OutboxRecord, PhotoRow } from '#db/schema';
import { useOnline } from '../shared/useOnline';
import { Icon } from '#ui/Icon';
import { RejectedRecords } from './RejectedRecords';
import { summarizeOutbox } from './syncStatus';
import { WaitingParts } from './WaitingText';
import '../ui/workPage.css';

export function TaskSyncStatus({ records, photos, hideWhenSaved = false }: { records: readonly OutboxRecord[]; photos: readonly PhotoRow[]; hideWhenSaved?: boolean }) {
  const online = useOnline();
  const summary = summarizeOutbox(records, photos);
  const waiting = summary.waiting > 0 || summary.photos > 0;
  if (hideWhenSaved && !waiting && summary.rejected.length === 0) return null;
  return (
    <section className="card exec-section" aria-live="polite">
      {waiting ? (
        <p className="exec-status exec-status--warn" role="status">
          <Icon name={online ? 'clock' : 'wifiOff'} size={18} />
          <span>
            {online && summary.sending > 0 ? (
              <Trans>
                Sending: <WaitingParts summary={summary} />
              </Trans>
            ) : online ? (
              <Trans>
                Waiting to send: <WaitingParts summary={summary} />
              </Trans>
            ) : (
              <Trans>
                Waiting for signal: <WaitingParts summary={summary} />
              </Trans>
            )}
          </span>
        </p>
      ) : summary.rejected.length === 0 ? (
        <p className="exec-status exec-status--ok" role="status">
          <Icon name="check" size={18} />
          <Trans>All saved</Trans>
        </p>
      ) : null}
      {summary.rejected.length > 0 ? (
        <>
          <p className="exec-status exec-status--error" role="alert">
            <Icon name="warning" size={18} />
            <Trans>The server did not accept some changes. They are kept on this device.</Trans>
          </p>
          <RejectedRecords records={summary.rejected} />
        </>
      ) : null}
    </section>
  );
}
