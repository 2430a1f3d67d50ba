/** "2 photos, 14 scans, checklist waiting for signal" — what is still on the device, in the tasker's words. */
import { Plural, Trans } from '@lingui/react/macro';
import { Fragment, type ReactNode } from 'react';
import type { SyncSummary } from './syncStatus';

export function WaitingParts({ summary }: { summary: SyncSummary }) {
  const parts: { key: string; node: ReactNode }[] = [];
  if (summary.photos > 0) parts.push({ key: 'photos', node: <Plural value={summary.photos} one="# photo" other="# photos" /> });
  if (summary.scans > 0) parts.push({ key: 'scans', node: <Plural value={summary.scans} one="# scan" other="# scans" /> });
  if (summary.checklist > 0) parts.push({ key: 'checklist', node: <Trans>checklist ticks</Trans> });
  if (summary.defects > 0) parts.push({ key: 'defects', node: <Trans>defects</Trans> });
  if (summary.start) parts.push({ key: 'start', node: <Trans>the start</Trans> });
  if (summary.complete) parts.push({ key: 'complete', node: <Trans>the completion</Trans> });
  if (summary.other > 0) parts.push({ key: 'other', node: <Plural value={summary.other} one="# change" other="# changes" /> });
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={part.key}>
          {i > 0 ? ', ' : null}
          {part.node}
        </Fragment>
      ))}
    </>
  );
}
