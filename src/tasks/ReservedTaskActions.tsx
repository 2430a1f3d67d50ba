/**
 * The reserved task's actions (spec section 2): Start, and Cancel as the deadlines allow —
 * early (confirm), late (reason and policy), or the 'cannot be canceled anymore' message once
 * both deadlines passed (spec section 4). The policy is judged when the tasker taps Cancel.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TaskRow } from '#db/schema';
import { cancelPolicy, type CancelPolicy } from '#domain/lifecycle';
import { Alert } from '#ui/Alert';
import { StartTaskDialog } from './StartTaskDialog';
import { Icon } from '#ui/Icon';

// Loaded when first opened: its form (Formik, Yup) stays out of the lists' chunk, which a page
// load of a list downloads (vite.config.ts, `listScreen`); the service worker precaches it.
const CancelTaskDialog = lazy(async () => ({ default: (await import('./CancelTaskDialog')).CancelTaskDialog }));

export function ReservedTaskActions({ task, now }: { task: TaskRow; now: Date }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const [startOpen, setStartOpen] = useState(false);
  const [cancelWith, setCancelWith] = useState<Exclude<CancelPolicy, 'none'> | null>(null);
  const [cancelRefused, setCancelRefused] = useState(false);
  const policy = cancelPolicy(task, now);

  const openCancel = () => {
    const current = cancelPolicy(task, new Date());
    if (current === 'none') setCancelRefused(true);
    else setCancelWith(current);
  };

  return (
    <section className="card task-actions" aria-label={t`Task actions`}>
      <button type="button" className="btn btn-block" onClick={() => setStartOpen(true)}>
        <Icon name="play" size={18} />
        <Trans>Start task</Trans>
      </button>
      {policy === 'none' || cancelRefused ? (
        <Alert tone="info" role="note" className="task-actions__note">
          <Trans>This task cannot be canceled anymore</Trans>
        </Alert>
      ) : (
        <button type="button" className="btn btn-secondary btn-block" onClick={openCancel}>
          {policy === 'early' ? <Trans>Cancel reservation</Trans> : <Trans>Cancel reservation (late)</Trans>}
        </button>
      )}
      {startOpen && <StartTaskDialog task={task} onClose={() => setStartOpen(false)} />}
      {cancelWith && (
        <Suspense fallback={null}>
          <CancelTaskDialog
            open
            task={task}
            policy={cancelWith}
            onClose={() => setCancelWith(null)}
            onCanceled={() => {
              setCancelWith(null);
              if (location.key !== 'default') navigate(-1);
              else navigate('/reserved', { replace: true });
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
