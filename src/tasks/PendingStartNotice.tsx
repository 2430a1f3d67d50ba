/**
 * Says when the start of this task is still on the device (queued offline) or was refused by
 * the server on arrival (DESIGN.md, "Offline start": the server re-checks window and distance).
 * The tasker can keep working in the first case and needs to know in the second.
 */
import { Trans } from '@lingui/react/macro';
import { useOutbox } from '../sync/hooks';
import { Alert } from '#ui/Alert';

export function PendingStartNotice({ taskId }: { taskId: string }) {
  const records = useOutbox();
  const own = (records ?? []).filter((r) => r.taskId === taskId && r.kind.includes('start'));
  const rejected = own.find((r) => r.state === 'rejected');
  if (rejected) {
    const message = rejected.error?.message ?? '';
    return (
      <Alert tone="error" role="alert" icon="warning">
        <Trans>The server did not accept the start of this task: {message}</Trans>
      </Alert>
    );
  }
  if (own.length === 0) return null;
  return (
    <Alert tone="info" role="status" icon="wifiOff">
      <Trans>The start is saved on this device and will be sent when there is a connection. You can begin working.</Trans>
    </Alert>
  );
}
