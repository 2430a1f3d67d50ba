/**
 * A document photo for the profile (the identity document, the LT activity certificate): taken with
 * the phone's camera or picked from the gallery, turned into a JPEG the way task photos are
 * (execution/photos/preparePhoto), and stored in the mirror with an outbox record that uploads it
 * when there is a signal. Shows the latest one, and whether it reached the server.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Icon } from '#ui/Icon';
import { Spinner } from '#ui/Spinner';
import { showToast } from '#ui/toastStore';
import { useOnline } from '../shared/useOnline';
import { imageErrorMessage, preparePhotoFile } from '../execution';
import { addUserDocument, useUserDocument, type UserDocumentKind } from '../profile';
import { errorMessage } from '../i18n/errorMessages';
import './DocumentPhotoField.css';

export type DocumentKind = Extract<UserDocumentKind, 'identity_document' | 'payment_document'>;

export interface DocumentPhotoFieldProps {
  kind: DocumentKind;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown (and the buttons marked invalid) when not empty. */
  error?: ReactNode;
  /** After approval the identity document can no longer be replaced here. */
  readOnly?: boolean;
  /** After a new photo was stored (it may still be waiting to be sent). */
  onAdded?: () => void;
}

export function DocumentPhotoField({ kind, label, hint, error, readOnly = false, onAdded }: DocumentPhotoFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const online = useOnline();
  const document = useUserDocument(kind);
  const [busy, setBusy] = useState(false);
  const cameraInput = useRef<HTMLInputElement>(null);
  const galleryInput = useRef<HTMLInputElement>(null);

  const pick = async (file: File | undefined, input: HTMLInputElement | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const prepared = await preparePhotoFile(file);
      if (!prepared.ok) {
        showToast({ kind: 'error', message: imageErrorMessage(prepared.code) });
        return;
      }
      const result = await addUserDocument(kind, prepared.blob);
      if (result.ok) onAdded?.();
      else showToast({ kind: 'error', message: errorMessage('photoSave', result.error), durationMs: 5000 });
    } finally {
      setBusy(false);
      if (input) input.value = '';
    }
  };

  const hasDocument = Boolean(document);
  // Locked (after approval): only a photo there is to show; nothing to ask for.
  if (readOnly && !document) return null;
  return (
    <div className="field document-field" role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : hint && !readOnly ? `${id}-hint` : undefined}>
      <span id={`${id}-label`} className="document-field__label">
        {label}
      </span>
      {hint && !readOnly ? (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      ) : null}
      {document === undefined ? (
        <Spinner />
      ) : document ? (
        <div className="document-field__current">
          {document.src ? <img src={document.src} alt={t`Your document photo`} className="document-field__image" width={96} height={72} /> : null}
          {document.rejected ? (
            <span className="document-field__state is-refused" role="alert">
              <Icon name="warning" size={16} />
              <span>
                <Trans>The server did not accept this photo. Please take a new one.</Trans>
                {document.rejected.message ? ` ${document.rejected.message}` : null}
              </span>
            </span>
          ) : (
            <span className={`document-field__state${document.uploadState === 'uploaded' ? ' is-uploaded' : ''}`} role="status">
              <Icon name={document.uploadState === 'uploaded' ? 'check' : online ? 'clock' : 'wifiOff'} size={16} />
              {document.uploadState === 'uploaded' ? (
                <Trans>Photo received</Trans>
              ) : online ? (
                <Trans>Sending the photo</Trans>
              ) : (
                <Trans>Waiting for signal: the photo is saved on this phone</Trans>
              )}
            </span>
          )}
        </div>
      ) : null}
      {readOnly ? null : (
        <div className="document-field__actions">
          {/* Buttons (reachable by keyboard) open the hidden file inputs: the camera, or the gallery. */}
          <input
            ref={cameraInput}
            type="file"
            accept="image/jpeg,image/*"
            capture="environment"
            hidden
            data-testid={`${kind}-camera`}
            onChange={(event) => void pick(event.target.files?.[0], cameraInput.current)}
          />
          <input
            ref={galleryInput}
            type="file"
            accept="image/jpeg,image/*"
            hidden
            data-testid={`${kind}-gallery`}
            onChange={(event) => void pick(event.target.files?.[0], galleryInput.current)}
          />
          <button type="button" className="btn btn-secondary" disabled={busy} aria-invalid={error ? true : undefined} onClick={() => cameraInput.current?.click()}>
            <Icon name="camera" size={18} />
            {hasDocument ? <Trans>Take a new photo</Trans> : <Trans>Take a photo</Trans>}
          </button>
          <button type="button" className="btn btn-text" disabled={busy} onClick={() => galleryInput.current?.click()}>
            <Trans>Upload from gallery</Trans>
          </button>
          {busy ? <span className="wizard-spinner" aria-hidden="true" /> : null}
        </div>
      )}
      {error ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
