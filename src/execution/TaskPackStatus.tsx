/**
 * Whether this task can be done offline on this device ("Task pack"): 'Ready offline',
 * 'Downloading task…' while the pack is fetched, or 'Some parts could not be downloaded' with a
 * retry. A pack never pulled is asked for once when the screen opens with a connection.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useTaskPack } from './queries';
import { useOnline } from '../shared/useOnline';
import { Icon } from '#ui/Icon';
import { showToast } from '#ui/toastStore';
import { pullTaskPack } from './mutations';
import { errorMessage } from '../i18n/errorMessages';
import '../ui/workPage.css';

export function TaskPackStatus({ taskId }: { taskId: string }) {
  const pack = useTaskPack(taskId);
  const online = useOnline();
  const [pulling, setPulling] = useState(false);
  const asked = useRef(false);

  const retry = async () => {
    setPulling(true);
    const result = await pullTaskPack(taskId);
    setPulling(false);
    if (!result.ok) showToast({ kind: 'error', message: errorMessage('taskPack', result.error) });
  };

  // Once per screen: a pack never pulled (or incomplete) is asked for quietly; the worker also
  // pulls packs on its own schedule, this only makes opening the task a trigger.
  useEffect(() => {
    if (pack === undefined || asked.current || !online) return;
    if (pack === null || !pack.complete) {
      asked.current = true;
      void pullTaskPack(taskId);
    }
  }, [pack, online, taskId]);

  if (pack === undefined) return null;
  if (pack?.complete && !pack.error) {
    return (
      <p className="exec-status exec-status--ok" role="status">
        <Icon name="check" size={18} />
        <Trans>Ready offline</Trans>
      </p>
    );
  }
  if (pulling || (pack === null && online)) {
    return (
      <p className="exec-status" role="status">
        <Icon name="clock" size={18} />
        <Trans>Downloading task…</Trans>
      </p>
    );
  }
  return (
    <div className="exec-status exec-status--warn" role="status">
      <Icon name="warning" size={18} />
      <span>
        {pack === null ? <Trans>This task is not downloaded yet. Connect to download it.</Trans> : <Trans>Some parts could not be downloaded</Trans>}
      </span>
      <button type="button" className="btn btn-text exec-status__action" onClick={() => void retry()} disabled={pulling}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
