/**
 * The reservation commitment dialog (spec section 4): shown before reserving when the tasker
 * already has 3 accepted tasks, or when the early-cancel deadline has passed or is missing — a
 * reservation then binds, because cancelling is late (or impossible) from the start.
 */
import { Trans } from '@lingui/react/macro';
import { Alert } from '#ui/Alert';
import { ConfirmDialog } from '#ui/ConfirmDialog';

export interface CommitmentDialogProps {
  open: boolean;
  /** No early cancel is possible for this task. */
  lateFromStart: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function CommitmentDialog({ open, lateFromStart, onConfirm, onClose }: CommitmentDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={<Trans>Do you commit to this task?</Trans>}
      tone="primary"
      cancelLabel={<Trans>Not now</Trans>}
      confirmLabel={<Trans>I commit, reserve</Trans>}
      onConfirm={onConfirm}
    >
      <div className="stack">
        <p>
          <Trans>By reserving, you promise to do this task in its time window. The store and other taskers count on you.</Trans>
        </p>
        {lateFromStart && (
          <Alert tone="warning">
            <Trans>The free cancellation period for this task is over. A late cancellation needs a reason and may restrict your account, and close to the start canceling is no longer possible.</Trans>
          </Alert>
        )}
      </div>
    </ConfirmDialog>
  );
}
