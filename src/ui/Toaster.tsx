/** Renders the toast queue (src/ui/toastStore.ts) as a live region above the bottom navigation. */
import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { dismissToast, getToasts, subscribeToasts, type Toast } from './toastStore';
import { Icon } from './Icon';
import './Toaster.css';

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const { i18n, t } = useLingui();
  const text = (message: Toast['message']) => (typeof message === 'string' ? message : i18n._(message));
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions text">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <Icon name={toast.kind === 'success' ? 'check' : toast.kind === 'info' ? 'info' : 'warning'} className="toast-icon" />
          <span className="toast-message">{text(toast.message)}</span>
          {toast.action ? (
            <button
              type="button"
              className="toast-action"
              onClick={() => {
                toast.action?.onClick();
                dismissToast(toast.id);
              }}
            >
              {i18n._(toast.action.label)}
            </button>
          ) : null}
          <button type="button" className="toast-close" aria-label={t`Close`} onClick={() => dismissToast(toast.id)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
}
