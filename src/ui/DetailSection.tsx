/**
 * A titled card of a detail screen (task detail, history): a level-2 heading and its content.
 * `tone="warning"` adds the warning stripe; `collapsible` keeps the content behind its title in a
 * <details> the tasker opens (long instructions).
 */
import type { ReactNode } from 'react';

export interface DetailSectionProps {
  title: ReactNode;
  tone?: 'warning';
  collapsible?: boolean;
  children: ReactNode;
}

export function DetailSection({ title, tone, collapsible = false, children }: DetailSectionProps) {
  const className = `card detail-section${tone === 'warning' ? ' detail-section--warning' : ''}`;
  if (collapsible) {
    return (
      <section className={className}>
        <details className="detail-section__details">
          <summary className="detail-section__title">{title}</summary>
          {children}
        </details>
      </section>
    );
  }
  return (
    <section className={className}>
      <h2 className="detail-section__title">{title}</h2>
      {children}
    </section>
  );
}
