/**
 * Scanner start failure (spec section 8): a dialog with what went wrong and the camera-settings
 * hint. Manual entry stays available behind it; "Try again" re-opens the camera.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { CameraErrorCode } from '../execution';
import { Alert } from '#ui/Alert';
import { Dialog } from '#ui/Dialog';
import { scannerStartHint, scannerStartMessage } from './messages';

export interface ScannerErrorDialogProps {
  open: boolean;
  code: CameraErrorCode;
  onRetry: () => void;
  onClose: () => void;
}

export function ScannerErrorDialog({ open, code, onRetry, onClose }: ScannerErrorDialogProps) {
  const { t, i18n } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t`Could not start the scanner`}
      actions={
        <>
          <button type="button" className="btn btn-text" onClick={onClose}>
            <Trans>Enter by hand</Trans>
          </button>
          {code !== 'CAMERA_UNSUPPORTED' && code !== 'CAMERA_NOT_AVAILABLE' ? (
            <button type="button" className="btn" onClick={onRetry}>
              <Trans>Try again</Trans>
            </button>
          ) : null}
        </>
      }
    >
      <div className="stack sku-error">
        <p>{i18n._(scannerStartMessage(code))}</p>
        <Alert tone="info">{i18n._(scannerStartHint(code))}</Alert>
        <p className="muted">
          <Trans>You can still type EANs or pick products from the list.</Trans>
        </p>
      </div>
    </Dialog>
  );
}
