/**
 * The live camera of the scanner with its aiming frame, a pause button (the camera is turned off
 * while paused), and one line of status ('Opening the camera…', 'Point the camera at a barcode',
 * or that the scanner could not start, with a way back to the camera-settings dialog). The video
 * element always exists so the scan loop can attach to it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import type { ScannerState } from './useBarcodeScanner';

export interface ScannerViewProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  state: ScannerState;
  /** A question is open: frames are not read meanwhile. */
  paused: boolean;
  /** The tasker turned the camera off (to read the list or save without new scans popping up). */
  off: boolean;
  onToggleOff: () => void;
  onShowError: () => void;
}

export function ScannerView({ videoRef, state, paused, off, onToggleOff, onShowError }: ScannerViewProps) {
  const { t } = useLingui();
  const failed = state.kind === 'error';
  return (
    <div className={`sku-camera${failed ? ' is-failed' : ''}${off && !failed ? ' is-off' : ''}`}>
      <video ref={videoRef} playsInline muted aria-label={t`Barcode scanner camera`} hidden={failed || off} />
      {!failed && !off ? (
        <div className="sku-camera__frame" aria-hidden="true">
          <span className="sku-camera__line" />
        </div>
      ) : null}
      {!failed ? (
        <button type="button" className="sku-camera__toggle" aria-pressed={off} onClick={onToggleOff}>
          {off ? <Trans>Resume scanning</Trans> : <Trans>Pause scanner</Trans>}
        </button>
      ) : null}
      <p className="sku-camera__status" role="status">
        {failed ? (
          <>
            <Trans>The scanner is off. You can still enter EANs by hand.</Trans>{' '}
            <button type="button" className="btn btn-text sku-camera__help" onClick={onShowError}>
              <Trans>Camera settings</Trans>
            </button>
          </>
        ) : off ? (
          <Trans>Scanner paused. The camera is off.</Trans>
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
