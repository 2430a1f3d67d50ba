/**
 * An onboarding change still on the phone (a profile save, the payment documents): 'Sending' or
 * 'Waiting for signal' while its outbox record waits, the server's refusal once it was refused.
 * Reads the outbox only (no form code), so the stepper can show it in the first screen.
 */
import { Trans } from '@lingui/react/macro';
import type { PAYMENT_DOCUMENTS_KIND, SAVE_PROFILE_KIND } from '#db/outboxKinds';
import { Alert } from '#ui/Alert';
import { Icon } from '#ui/Icon';
import { useOnline } from '../shared/useOnline';
import { useOutbox } from '../sync/hooks';

export function PendingChange({ kind }: { kind: typeof SAVE_PROFILE_KIND | typeof PAYMENT_DOCUMENTS_KIND }) {
  const online = useOnline();
  const records = useOutbox()?.filter((r) => r.kind === kind);
  if (!records || records.length === 0) return null;
  const latest = records.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
  if (latest.state === 'rejected') {
    return (
      <Alert tone="error" role="alert" icon="warning">
        <Trans>The server did not accept this change.</Trans> {latest.error?.message ? <span>{latest.error.message}</span> : null}
      </Alert>
    );
  }
  return (
    <p className="onboarding-pending" role="status">
      <Icon name={online ? 'clock' : 'wifiOff'} size={18} />
      {online ? <Trans>Sending…</Trans> : <Trans>Waiting for signal: saved on this phone</Trans>}
    </p>
  );
}
