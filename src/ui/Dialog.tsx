/**
 * A modal dialog on the native <dialog> element (useModalDialog): focus trapping, Escape and the
 * backdrop come from the browser. Closing by Escape, the × button or the backdrop calls `onClose`.
 * For a yes/no question use ConfirmDialog.
 */
import { useId, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Icon } from './Icon';
import { useModalDialog } from './useModalDialog';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons row at the bottom. */
  actions?: ReactNode;
}

export function Dialog({ open, onClose, title, children, actions }: DialogProps) {
  const dialogProps = useModalDialog(open, onClose);
  const titleId = useId();
  const { t } = useLingui();

  return (
    <dialog {...dialogProps} className="dialog" aria-labelledby={titleId}>
      <div className="dialog-body">
        <div className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button type="button" className="icon-btn" aria-label={t`Close`} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="dialog-content">{children}</div>
        {actions ? <div className="dialog-actions">{actions}</div> : null}
      </div>
    </dialog>
  );
}
