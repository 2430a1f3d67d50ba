/**
 * A labelled list of task facts (reward, dates, duration, deadlines). `tone` carries the
 * section 4 deadline colours; the colour never carries meaning alone (text says "passed").
 */
import type { ReactNode } from 'react';
import type { DeadlineColour } from '#domain/tasks';

export interface DetailFact {
  key: string;
  label: ReactNode;
  value: ReactNode;
  tone?: DeadlineColour;
}

export function DetailFacts({ facts }: { facts: readonly DetailFact[] }) {
  return (
    <dl className="detail-facts">
      {facts.map((fact) => (
        <div key={fact.key} className={`detail-facts__row${fact.tone ? ` detail-facts__row--${fact.tone}` : ''}`}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
