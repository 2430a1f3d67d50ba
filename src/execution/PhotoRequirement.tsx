/** "At least one photo" on the incompletion and blocked confirmations, with a way to take one. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { PhotoTag } from '#domain/types';
import { cameraPath } from './checklist';

export function PhotoRequirement({ taskId, count, tag, showError }: { taskId: string; count: number; tag: PhotoTag; showError: boolean }) {
  const { t } = useLingui();
  const missing = count === 0;
  return (
    <div className="stack">
      <p className={missing && showError ? 'exec-required is-missing' : 'exec-required'} role={missing && showError ? 'alert' : undefined}>
        {missing ? <Trans>At least one photo is required.</Trans> : <Plural value={count} one="# photo added." other="# photos added." />}
      </p>
      <Link className="btn btn-secondary" to={cameraPath(taskId, [tag], t`Photos`)}>
        <Trans>Take photos</Trans>
      </Link>
    </div>
  );
}
