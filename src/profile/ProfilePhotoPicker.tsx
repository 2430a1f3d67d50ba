/**
 * Changing the profile picture: "Take a photo" opens the phone's camera (the file input's
 * `capture`, front camera), "Choose from gallery" the picker. The picture is made a JPEG of
 * 320 px and at most 64 kB (./profilePhoto.ts) and handed to addUserDocument: stored in the
 * mirror at once (so the header shows it while it waits for a signal) and uploaded by the sync
 * worker. A refused file says why (spec section 8: unsupported format, too large, failed to load).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useRef, useState } from 'react';
import { Alert } from '#ui/Alert';
import { Icon } from '#ui/Icon';
import { imageErrorMessage } from '../execution';
import { errorMessage } from '../i18n/errorMessages';
import { addUserDocument } from './mutations';
import { prepareProfilePhoto } from './profilePhoto';

export function ProfilePhotoPicker() {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<MessageDescriptor | string | null>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const galleryInput = useRef<HTMLInputElement>(null);

  const pick = async (input: HTMLInputElement | null) => {
    const file = input?.files?.[0];
    if (!input || !file) return;
    setBusy(true);
    setProblem(null);
    try {
      const prepared = await prepareProfilePhoto(file);
      if (!prepared.ok) {
        setProblem(imageErrorMessage(prepared.code));
        return;
      }
      const result = await addUserDocument('profile_photo', prepared.blob);
      if (!result.ok) setProblem(errorMessage('photoSave', result.error));
    } finally {
      setBusy(false);
      input.value = '';
    }
  };

  return (
    <div className="profile-photo-picker">
      <div className="profile-photo-picker__buttons" aria-busy={busy}>
        <label className={`btn btn-secondary profile-photo-picker__button${busy ? ' is-disabled' : ''}`}>
          <input
            ref={cameraInput}
            type="file"
            accept="image/jpeg,image/*"
            capture="user"
            hidden
            disabled={busy}
            aria-label={t`Take a photo`}
            onChange={() => void pick(cameraInput.current)}
          />
          <Icon name="camera" size={18} />
          <Trans>Take a photo</Trans>
        </label>
        <label className={`btn btn-secondary profile-photo-picker__button${busy ? ' is-disabled' : ''}`}>
          <input
            ref={galleryInput}
            type="file"
            accept="image/jpeg,image/*"
            hidden
            disabled={busy}
            aria-label={t`Choose from gallery`}
            onChange={() => void pick(galleryInput.current)}
          />
          <Icon name="image" size={18} />
          <Trans>Choose from gallery</Trans>
        </label>
      </div>
      {busy ? (
        <p className="profile-photo-picker__busy muted" role="status">
          <Trans>Preparing the photo…</Trans>
        </p>
      ) : null}
      {problem ? (
        <Alert tone="error" role="alert" icon="warning" onDismiss={() => setProblem(null)} className="profile-photo-picker__problem">
          {typeof problem === 'string' ? problem : i18n._(problem)}
        </Alert>
      ) : null}
    </div>
  );
}
