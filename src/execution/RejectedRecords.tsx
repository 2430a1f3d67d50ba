/**
 * Records the server refused (DESIGN.md write path, step 4): what each was, the server's
 * message, and Retry (send it again as it is, after fixing the cause) or Discard (after a
 * confirmation; the record's data is kept until then).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { OutboxRecord } from '#db/schema';
import { ConfirmDialog } from '#ui/ConfirmDialog';
import { showToast } from '#ui/toastStore';
import { useDismissRejected, useRetryRejected } from './mutations';
import { errorMessage } from '../i18n/errorMessages';
import { recordCategory, type RecordCategory } from './syncStatus';

export function RejectedRecords({ records }: { records: readonly OutboxRecord[] }) {
  const { t, i18n } = useLingui();
  const retryRejected = useRetryRejected();
  const dismissRejected = useDismissRejected();
  const [discarding, setDiscarding] = useState<OutboxRecord | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const labels: Record<RecordCategory, string> = {
    photo: t`Photo`,
    scans: t`Scans`,
    checklist: t`Checklist`,
    defects: t`Defects`,
    start: t`Task start`,
    complete: t`Task completion`,
    other: t`Change`,
  };
  const text = (value: ReturnType<typeof errorMessage>) => (typeof value === 'string' ? value : i18n._(value));

  const act = async (record: OutboxRecord, action: 'retry' | 'discard') => {
    setBusy(record.id);
    const result = action === 'retry' ? await retryRejected(record.id) : await dismissRejected(record.id);
    setBusy(null);
    if (!result.ok) {
      const message = errorMessage(action, result.error);
      showToast({ kind: 'error', message });
    }
  };

  if (records.length === 0) return null;
  return (
    <>
      <ul className="sync-list" aria-label={t`Not accepted by the server`}>
        {records.map((record) => (
          <li key={record.id}>
            <strong>{labels[recordCategory(record)]}</strong>
            <span>{text(errorMessage('rejected', record.error))}</span>
            <div className="sync-list__buttons">
              <button type="button" className="btn btn-secondary" disabled={busy === record.id} onClick={() => void act(record, 'retry')}>
                <Trans>Retry</Trans>
              </button>
              <button type="button" className="btn btn-danger" disabled={busy === record.id} onClick={() => setDiscarding(record)}>
                <Trans>Discard</Trans>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={discarding !== null}
        title={<Trans>Discard this change?</Trans>}
        confirmLabel={<Trans>Discard</Trans>}
        onClose={() => setDiscarding(null)}
        onConfirm={() => {
          const record = discarding;
          setDiscarding(null);
          if (record) void act(record, 'discard');
        }}
      >
        <p>
          <Trans>It will not be sent to the server and cannot be recovered.</Trans>
        </p>
      </ConfirmDialog>
    </>
  );
}
