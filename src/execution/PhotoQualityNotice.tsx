/**
 * The photo quality advice in the new photo dialog (src/domain/photoQuality.ts): 'This photo looks
 * blurry — retake?' or '… too dark — retake?', with a retake button. Advice only: the tasker may
 * keep the photo (Save photo stays enabled).
 */
import { Trans } from '@lingui/react/macro';
import type { PhotoVerdict } from '#domain/photoQuality';
import { Alert } from '#ui/Alert';

export function PhotoQualityNotice({ verdict, onRetake }: { verdict: Exclude<PhotoVerdict, null>; onRetake: () => void }) {
  return (
    <Alert tone="warning" role="status" icon="warning" className="photo-quality-notice" as="div">
      <span>{verdict === 'blurry' ? <Trans>This photo looks blurry — retake?</Trans> : <Trans>This photo looks too dark — retake?</Trans>}</span>{' '}
      <button type="button" className="btn btn-text photo-quality-notice__retake" onClick={onRetake}>
        <Trans>Retake</Trans>
      </button>
    </Alert>
  );
}
