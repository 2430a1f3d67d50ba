/**
 * A message in the page's flow: info, warning or error, optionally with an icon and a dismiss
 * button. The role says how assistive technology hears it, and is the caller's choice because it
 * depends on why the message is there:
 * - 'alert': something just went wrong for what the tasker did (announced at once);
 * - 'status': a state that changed on its own (announced politely);
 * - 'note': standing advice read in place;
 * - none: part of a dialog's or screen's text, read with it.
 * A message with an icon or a dismiss button is laid out as a row (icon, text, ×); one without is
 * a plain paragraph, or a `div` when its content has blocks of its own (`as="div"`).
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export type AlertTone = 'info' | 'warning' | 'error';

export interface AlertProps {
  tone: AlertTone;
  role?: 'alert' | 'status' | 'note';
  icon?: IconName;
  /** 18 px by default. */
  iconSize?: number;
  /** Shows a × button with this action (its label is 'Dismiss'). */
  onDismiss?: () => void;
  /** For a message without icon or dismiss: `p` (the default) or `div` for block content. */
  as?: 'p' | 'div';
  className?: string;
  children: ReactNode;
}

export function Alert({ tone, role, icon, iconSize = 18, onDismiss, as = 'p', className, children }: AlertProps) {
  const { t } = useLingui();
  const row = icon !== undefined || onDismiss !== undefined;
  const classes = ['alert', `alert-${tone}`, row ? 'alert-row' : null, className].filter(Boolean).join(' ');
  if (!row) {
    const Tag = as;
    return (
      <Tag className={classes} role={role}>
        {children}
      </Tag>
    );
  }
  return (
    <div className={classes} role={role}>
      {icon ? <Icon name={icon} size={iconSize} className="alert__icon" /> : null}
      <div className="alert__text">{children}</div>
      {onDismiss ? (
        <button type="button" className="alert__dismiss" onClick={onDismiss} aria-label={t`Dismiss`}>
          <Icon name="close" size={16} />
        </button>
      ) : null}
    </div>
  );
}
