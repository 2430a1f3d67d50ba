/** The line that confirms the decision just sent, on the screen the reviewer moved on to. */
import { Trans } from '@lingui/react/macro';
import type { DecisionKind } from './decision';

export interface DecidedNote {
  title: string;
  kind: DecisionKind;
}

export function DecidedLine({ note }: { note: DecidedNote }) {
  const title = note.title;
  return (
    <p className="alert alert-info" role="status">
      {note.kind === 'accept' ? (
        <Trans>Accepted: {title}.</Trans>
      ) : note.kind === 'reject' ? (
        <Trans>Rejected: {title}. The tasker sees the reason.</Trans>
      ) : (
        <Trans>Accepted with a reduced reward: {title}. The tasker sees the reason.</Trans>
      )}
    </p>
  );
}
