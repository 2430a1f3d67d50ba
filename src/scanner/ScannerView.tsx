/**
 * The live camera of the scanner with its aiming frame and one line of status ('Opening the
 * camera…', 'Point the camera at a barcode', or that the scanner is off, with a way back to the
 * camera-settings dialog). The video element always exists so the scan loop can attach to it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import type { ScannerState } from './useBarcodeScanner';

export interface ScannerViewProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  state: ScannerState;
  paused: boolean;
  onShowError: () => void;
}

export function ScannerView({ videoRef, state, paused, onShowError }: ScannerViewProps) {
  const { t } = useLingui();
  const failed = state.kind === 'error';
  return (
    <div className={`sku-camera${failed ? ' is-failed' : ''}`}>
      <video ref={videoRef} playsInline muted aria-label={t`Barcode scanner camera`} hidden={failed} />
      {!failed ? (
        <div className="sku-camera__frame" aria-hidden="true">
          <span className="sku-camera__line" />
        </div>
      ) : null}
      <p className="sku-camera__status" role="status">
        {failed ? (
          <>
            <Trans>The scanner is off. You can still enter EANs by hand.</Trans>{' '}
            <button type="button" className="btn btn-text sku-camera__help" onClick={onShowError}>
              <Trans>Camera settings</Trans>
            </button>
          </>
        ) : state.kind === 'live' ? (
          paused ? (
            <Trans>Scanner paused</Trans>
          ) : (
            <Trans>Point the camera at a barcode</Trans>
          )
        ) : (
          <Trans>Opening the camera…</Trans>
        )}
      </p>
    </div>
  );
}
