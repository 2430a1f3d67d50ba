/**
 * Reserving an available task (spec section 4): the tasker slides to reserve; the commitment
 * dialog comes first when needed; then the online-only reserve command. Success shows 'Task
 * reserved' and goes back (or to the place's reservable list with `?upsellByPlace`). Offline
 * nothing is queued: the command answers 'NETWORK' (no answer from the server) and the control
 * says, in errorMessage's words, that reserving needs a connection. Refusals become toasts.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TaskRow } from '#db/schema';
import { needsCommitmentDialog } from '#domain/lifecycle';
import type { User } from '#domain/types';
import { errorMessage, isNoConnection } from '../i18n/errorMessages';
import type { CommandFailure } from '../sync/commands';
import { Alert } from '#ui/Alert';
import { showToast } from '#ui/toastStore';
import { CommitmentDialog } from './CommitmentDialog';
import { SlideToReserve } from './SlideToReserve';
import { useRefreshTask, useReserveTask } from './mutations';

/** Where a reserved task sends the tasker (spec section 4). */
export function afterReservePath(placeId: string, upsellByPlace: boolean): string | null {
  return upsellByPlace ? `/reservable?placeId=${encodeURIComponent(placeId)}` : null;
}

export function ReserveControl({ task, user }: { task: TaskRow; user: User }) {
  const { t, i18n } = useLingui();
  const reserveTask = useReserveTask();
  const refreshTask = useRefreshTask();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [attempt, setAttempt] = useState(0);
  const [commitOpen, setCommitOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The last attempt got no answer from the server (offline): said until the next slide. */
  const [noConnection, setNoConnection] = useState<CommandFailure | null>(null);
  // Judged when the slide completes, like the dialog itself.
  const [earlyOver, setEarlyOver] = useState(false);

  // Closing the native dialog after "I commit" also fires its close event: that must not reset.
  const committing = useRef(false);
  const reset = () => setAttempt((n) => n + 1);
  const wording = (message: ReturnType<typeof errorMessage>) => (typeof message === 'string' ? message : i18n._(message));

  const reserve = async () => {
    committing.current = true;
    setCommitOpen(false);
    setBusy(true);
    const result = await reserveTask(task.id);
    setBusy(false);
    committing.current = false;
    if (result.ok) {
      showToast({ id: `reserved-${task.id}`, kind: 'success', message: msg`Task reserved` });
      const upsell = afterReservePath(task.place.id, searchParams.has('upsellByPlace'));
      if (upsell) navigate(upsell, { replace: true });
      else if (location.key !== 'default') navigate(-1);
      else navigate('/reserved', { replace: true });
      return;
    }
    if (isNoConnection(result.error)) {
      setNoConnection(result.error);
    } else {
      showToast({ kind: 'error', message: errorMessage('reserve', result.error), durationMs: 5000 });
      // The mirror may still say "available": ask for the truth so the screen stops offering it.
      if (result.error.code === 'TASK_NO_LONGER_AVAILABLE') void refreshTask(task.id);
    }
    reset();
  };

  const onSlid = () => {
    setNoConnection(null);
    const now = new Date();
    setEarlyOver(!task.earlyCancelDeadline || Date.parse(task.earlyCancelDeadline) <= now.getTime());
    if (needsCommitmentDialog(user.acceptedTaskCount ?? 0, task.earlyCancelDeadline, now)) setCommitOpen(true);
    else void reserve();
  };

  return (
    <section className="card reserve-control" aria-label={t`Reserve`}>
      {noConnection ? (
        <Alert tone="warning" role="alert" icon="wifiOff">
          {wording(errorMessage('reserve', noConnection))}
        </Alert>
      ) : null}
      <SlideToReserve key={attempt} label={t`Slide to reserve`} disabled={busy} onComplete={onSlid} />
      <CommitmentDialog
        open={commitOpen}
        lateFromStart={earlyOver}
        onConfirm={() => void reserve()}
        onClose={() => {
          setCommitOpen(false);
          if (!committing.current) reset();
        }}
      />
    </section>
  );
}
