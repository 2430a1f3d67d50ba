/**
 * The live camera (rear camera preferred) with a shutter button. The stream is opened on mount
 * and every track stopped on unmount, so the camera light goes off when the tasker leaves.
 * Errors are reported as codes (spec section 8: busy, permission denied, no camera, generic).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '#ui/Alert';
import { cameraErrorCode, cameraErrorMessage, type CameraErrorCode } from './errors';
import { PHOTO_MAX_AXIS } from './photos/resize';

type CameraState = { kind: 'starting' } | { kind: 'live' } | { kind: 'error'; code: CameraErrorCode };

export function CameraPreview({ busy, onCapture }: { busy: boolean; onCapture: (video: HTMLVideoElement) => void }) {
  const { t, i18n } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    const video = videoRef.current;
    const open = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('no mediaDevices'), { name: 'TypeError' });
      // `ideal` only: a phone without a rear camera or this resolution still gets a picture.
      stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' }, width: { ideal: PHOTO_MAX_AXIS }, height: { ideal: 960 } },
      });
      if (cancelled || !video) return;
      video.srcObject = stream;
      await video.play();
      if (!cancelled) setState({ kind: 'live' });
    };
    open().catch((error: unknown) => {
      if (!cancelled) setState({ kind: 'error', code: cameraErrorCode(error) });
    });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
      if (video) video.srcObject = null;
    };
  }, [attempt]);

  return (
    <div className="stack">
      <div className="camera-view">
        <video ref={videoRef} playsInline muted aria-label={t`Camera preview`} hidden={state.kind === 'error'} />
        {state.kind === 'starting' ? (
          <span className="visually-hidden">
            <Trans>Opening the camera…</Trans>
          </span>
        ) : null}
        {state.kind === 'live' ? (
          <button
            type="button"
            className="camera-shutter"
            aria-label={t`Take photo`}
            disabled={busy}
            onClick={() => {
              if (videoRef.current) onCapture(videoRef.current);
            }}
          />
        ) : null}
      </div>
      {state.kind === 'error' ? (
        <Alert tone="error" role="alert" as="div">
          <p style={{ margin: 0 }}>{i18n._(cameraErrorMessage(state.code))}</p>
          {state.code !== 'CAMERA_UNSUPPORTED' ? (
            <button
              type="button"
              className="btn btn-text"
              onClick={() => {
                setState({ kind: 'starting' });
                setAttempt((n) => n + 1);
              }}
            >
              <Trans>Try again</Trans>
            </button>
          ) : null}
        </Alert>
      ) : null}
    </div>
  );
}
