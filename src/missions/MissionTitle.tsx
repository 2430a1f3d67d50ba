/** A mission's title, truncated beyond 90 characters with 'see more' / 'see less' (spec section 5). */
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { truncatedTitle } from './missionText';

export function MissionTitle({ title, as: Tag = 'h3' }: { title: string; as?: 'h2' | 'h3' | 'p' }) {
  const [expanded, setExpanded] = useState(false);
  const short = truncatedTitle(title);
  return (
    <Tag className="mission-title">
      <span>{short && !expanded ? short : title}</span>
      {short ? (
        <>
          {' '}
          <button
            type="button"
            className="mission-title__more"
            aria-expanded={expanded}
            onClick={(event) => {
              // The title sits in a card that opens the detail: 'see more' only expands.
              event.stopPropagation();
              setExpanded((v) => !v);
            }}
          >
            {expanded ? <Trans>see less</Trans> : <Trans>see more</Trans>}
          </button>
        </>
      ) : null}
    </Tag>
  );
}
