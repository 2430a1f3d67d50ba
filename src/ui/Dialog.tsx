/**
 * A modal dialog on the native <dialog> element: focus trapping, Escape and the backdrop come from
 * the browser. Closing by Escape or by tapping the backdrop calls `onClose`.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Icon } from './Icon';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons row at the bottom. */
  actions?: ReactNode;
}

export function Dialog({ open, onClose, title, children, actions }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useLingui();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the <dialog> itself (not its content) is a click on the backdrop.
        if (event.target === ref.current) onClose();
      }}
    >
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
