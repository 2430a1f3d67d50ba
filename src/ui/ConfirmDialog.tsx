/**
 * A yes/no question in the app's dialog: delete a photo, discard a refused record, overwrite an
 * entry, sign out with changes waiting, commit to a task. The cancel button comes first; the
 * confirm button is red for a destructive answer (`tone="danger"`, the default) or the brand colour
 * for a commitment (`tone="primary"`). `busy` disables it while the answer is being carried out.
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  /** 'Cancel' by default. */
  cancelLabel?: ReactNode;
  tone?: 'danger' | 'primary';
  /** An outlined cancel button, where keeping things as they are is the answer to encourage. */
  cancelEmphasis?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, the × button and the backdrop. */
  onClose: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, tone = 'danger', cancelEmphasis = false, busy = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      actions={
        <>
          <button type="button" className={cancelEmphasis ? 'btn btn-secondary' : 'btn btn-text'} onClick={onClose}>
            {cancelLabel ?? <Trans>Cancel</Trans>}
          </button>
          <button type="button" className={tone === 'danger' ? 'btn btn-danger' : 'btn'} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
