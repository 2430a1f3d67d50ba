/**
 * The start flow in one dialog (spec section 4): 'Ready to start?' → the position is read (max
 * age 60 s; "Try again" asks for a fresh one) → the local rule (startRefusal, re-checked by the
 * server on arrival) → startTask, which is queued and so works offline. Each refusal says why:
 * not open yet (with the opening time), window over, too far (with the distance and the 1000 m
 * rule), or no position (with the device's permission help).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type ReactNode } from 'react';
import type { TaskRow } from '#db/schema';
import { START_RADIUS_METERS } from '#domain/geo';
import { errorMessage } from '../i18n/errorMessages';
import { formatDateTime, formatDistance } from '../i18n/format';
import { Alert } from '#ui/Alert';
import { Dialog } from '#ui/Dialog';
import { showToast } from '#ui/toastStore';
import { GeolocationHelp } from './GeolocationHelp';
import { FRESH_POSITION_MAX_AGE_MS, readDevicePosition } from './readPosition';
import { stepAfterPosition, stepBeforePosition, type StartStep } from './startFlow';
import { useStartTask } from './mutations';
import { Icon } from '#ui/Icon';
import { POSITION_MAX_AGE_MS } from './useDevicePosition';

export interface StartTaskDialogProps {
  task: TaskRow;
  onClose: () => void;
}

export function StartTaskDialog({ task, onClose }: StartTaskDialogProps) {
  const { t, i18n } = useLingui();
  const startTask = useStartTask();
  const locale = i18n.locale;
  // Mounted per opening (ReservedTaskActions): a task that cannot start now is refused before
  // asking for a position.
  const [step, setStep] = useState<StartStep>(() => stepBeforePosition(task, new Date()) ?? { kind: 'confirm' });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useRef(0);

  const locate = async (fresh: boolean) => {
    const id = ++run.current;
    setError(null);
    setStep({ kind: 'locating', fresh });
    const reading = await readDevicePosition(fresh ? FRESH_POSITION_MAX_AGE_MS : POSITION_MAX_AGE_MS);
    if (id !== run.current) return;
    const next = stepAfterPosition(task, reading.position, reading.denied, new Date());
    setStep(next);
    if (next.kind === 'ready') await start(next.position, id);
  };

  const start = async (position: { latitude: number; longitude: number }, id: number) => {
    setSending(true);
    const result = await startTask(task.id, position, new Date().toISOString());
    if (id !== run.current) return;
    setSending(false);
    if (result.ok) {
      showToast({ id: `started-${task.id}`, kind: 'success', message: msg`Task started` });
      onClose();
      return;
    }
    const message = errorMessage('start', result.error);
    setError(typeof message === 'string' ? message : i18n._(message));
  };

  const retry = (
    <button type="button" className="btn" onClick={() => void locate(true)}>
      <Trans>Try again</Trans>
    </button>
  );
  const closeButton = (
    <button type="button" className="btn btn-text" onClick={onClose}>
      <Trans>Close</Trans>
    </button>
  );

  let title = t`Ready to start?`;
  let body: ReactNode = null;
  let actions: ReactNode = null;
  switch (step.kind) {
    case 'confirm':
      body = (
        <p>
          <Trans>Start only when you are in the store and ready to work: the time to finish starts now. Your location is checked to confirm you are at the store.</Trans>
        </p>
      );
      actions = (
        <>
          <button type="button" className="btn btn-text" onClick={onClose}>
            <Trans>Not yet</Trans>
          </button>
          <button type="button" className="btn" onClick={() => void locate(false)}>
            <Trans>Start task</Trans>
          </button>
        </>
      );
      break;
    case 'locating':
    case 'ready':
      body = (
        <div className="start-dialog__busy" role="status">
          <div className="spinner" aria-hidden="true" />
          <p>{step.kind === 'locating' ? <Trans>Checking your location…</Trans> : <Trans>Starting the task…</Trans>}</p>
        </div>
      );
      actions = step.kind === 'locating' || !sending ? closeButton : null;
      break;
    case 'not_startable_yet': {
      const opensAt = formatDateTime(step.opensAt, locale);
      title = t`This task cannot be started yet`;
      body = (
        <Alert tone="warning">
          <Trans>It can be started from {opensAt}.</Trans>
        </Alert>
      );
      actions = closeButton;
      break;
    }
    case 'window_ended':
      title = t`This task cannot be started`;
      body = (
        <Alert tone="error">
          <Trans>The time window of this task has ended.</Trans>
        </Alert>
      );
      actions = closeButton;
      break;
    case 'not_reserved':
      title = t`This task cannot be started`;
      body = (
        <Alert tone="error">
          <Trans>This task is not reserved by you anymore.</Trans>
        </Alert>
      );
      actions = closeButton;
      break;
    case 'too_far': {
      const distance = formatDistance(step.distanceMeters, locale);
      const radius = formatDistance(START_RADIUS_METERS, locale);
      title = t`You are too far from the store`;
      body = (
        <div className="stack">
          <p className="start-dialog__distance">
            <Icon name="pin" size={20} />
            <span>
              <Trans>You are {distance} from the store.</Trans>
            </span>
          </p>
          <p>
            <Trans>A task can be started only within {radius} of the store. Go to the store, then try again.</Trans>
          </p>
        </div>
      );
      actions = (
        <>
          {closeButton}
          {retry}
        </>
      );
      break;
    }
    case 'position_unavailable':
      title = t`Allow location access`;
      body = <GeolocationHelp denied={step.denied} />;
      actions = (
        <>
          {closeButton}
          {retry}
        </>
      );
      break;
  }

  return (
    <Dialog open onClose={onClose} title={title} actions={actions}>
      {body}
      {error && (
        <Alert tone="error" role="alert">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
