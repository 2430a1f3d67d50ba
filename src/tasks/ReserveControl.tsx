/**
 * Reserving an available task (spec section 4): the tasker slides to reserve; the commitment
 * dialog comes first when needed; then the online-only reserve command. Success shows 'Task
 * reserved' and goes back (or to the place's reservable list with `?upsellByPlace`). Offline
 * nothing is queued: the tasker is told reserving needs a connection. Refusals become words.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TaskRow } from '../db/schema';
import { needsCommitmentDialog } from '../domain/lifecycle';
import type { User } from '../domain/types';
import { errorMessage, isNoConnection } from '../i18n/errorMessages';
import { Alert } from '../ui/Alert';
import { showToast } from '../ui/toastStore';
import { CommitmentDialog } from './CommitmentDialog';
import { SlideToReserve } from './SlideToReserve';
import { refreshTaskFromServer, reserveTaskCommand } from './syncCommands';
import { useOnline } from '../app/useOnline';

/** Where a reserved task sends the tasker (spec section 4). */
export function afterReservePath(placeId: string, upsellByPlace: boolean): string | null {
  return upsellByPlace ? `/reservable?placeId=${encodeURIComponent(placeId)}` : null;
}

export function ReserveControl({ task, user }: { task: TaskRow; user: User }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const online = useOnline();
  const [attempt, setAttempt] = useState(0);
  const [commitOpen, setCommitOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [offlineRefusal, setOfflineRefusal] = useState(false);
  // Judged when the slide completes, like the dialog itself.
  const [earlyOver, setEarlyOver] = useState(false);

  // Closing the native dialog after "I commit" also fires its close event: that must not reset.
  const committing = useRef(false);
  const reset = () => setAttempt((n) => n + 1);

  const reserve = async () => {
    committing.current = true;
    setCommitOpen(false);
    if (!navigator.onLine) {
      committing.current = false;
      setOfflineRefusal(true);
      reset();
      return;
    }
    setBusy(true);
    const result = await reserveTaskCommand(task.id);
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
      setOfflineRefusal(true);
    } else {
      showToast({ kind: 'error', message: errorMessage('reserve', result.error), durationMs: 5000 });
      // The mirror may still say "available": ask for the truth so the screen stops offering it.
      if (result.error.code === 'TASK_NO_LONGER_AVAILABLE') void refreshTaskFromServer(task.id);
    }
    reset();
  };

  const onSlid = () => {
    setOfflineRefusal(false);
    const now = new Date();
    setEarlyOver(!task.earlyCancelDeadline || Date.parse(task.earlyCancelDeadline) <= now.getTime());
    if (needsCommitmentDialog(user.acceptedTaskCount ?? 0, task.earlyCancelDeadline, now)) setCommitOpen(true);
    else void reserve();
  };

  return (
    <section className="card reserve-control" aria-label={t`Reserve`}>
      {!online || offlineRefusal ? (
        <Alert tone="warning" role="alert" icon="wifiOff">
          <Trans>Reserving needs a connection. Nothing was reserved: connect to the internet and slide again.</Trans>
        </Alert>
      ) : null}
      <SlideToReserve key={attempt} label={t`Slide to reserve`} disabled={busy || !online} onComplete={onSlid} />
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
