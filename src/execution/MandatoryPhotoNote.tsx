/** `?isMandatory` on the camera (spec section 2): this step needs at least one photo — said, with the count so far. */
import { Plural, Trans } from '@lingui/react/macro';

export function MandatoryPhotoNote({ count }: { count: number }) {
  return (
    <p className={count === 0 ? 'exec-required is-missing' : 'exec-required'} data-testid="mandatory-photo-note">
      {count === 0 ? <Trans>This step needs at least one photo.</Trans> : <Plural value={count} one="# photo added." other="# photos added." />}
    </p>
  );
}

/** `?defectsOption` on the defects screen: which defects it lists — 'regular' (default) or 'task_blocker'. */
export function defectsOption(value: string | null): 'regular' | 'task_blocker' {
  return value === 'task_blocker' ? 'task_blocker' : 'regular';
}
