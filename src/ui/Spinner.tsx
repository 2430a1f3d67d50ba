/** A loading indicator with an accessible label; `fullScreen` centres it in the viewport. */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export interface SpinnerProps {
  fullScreen?: boolean;
  /** Shown under the spinner (and used as its label). */
  children?: ReactNode;
}

export function Spinner({ fullScreen = false, children }: SpinnerProps) {
  const { t } = useLingui();
  return (
    <div className={fullScreen ? 'spinner-screen' : 'spinner-inline'} role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      {children ? <div className="spinner-text muted">{children}</div> : <span className="visually-hidden">{t`Loading…`}</span>}
    </div>
  );
}
