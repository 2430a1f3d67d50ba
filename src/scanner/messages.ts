/**
 * The scanner screen's words for its error codes (spec sections 5 and 8): the EAN and save texts
 * exactly as the spec writes them, the scanner start failures with the camera-settings hint, and
 * a failed save command. Codes are data; the screen translates with `i18n._(descriptor)`.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FacingsErrorCode } from '../domain/ean';
import type { CameraErrorCode } from '../execution/errors';
import type { CommandError } from '../sync/contract';

/** Spec section 5, verbatim. */
export const EAN_INVALID_MESSAGE = msg`Invalid EAN. Scan directly from the product or select it from the list.`;
/** Spec section 5, verbatim. */
export const ITEMS_INVALID_MESSAGE = msg`Could not save: some items are invalid`;

const FACINGS_MESSAGES: Record<FacingsErrorCode, MessageDescriptor> = {
  FACINGS_REQUIRED: msg`Enter the number of facings`,
  FACINGS_INVALID: msg`Facings must be a whole number from 0 to 99`,
};

export function facingsErrorMessage(code: FacingsErrorCode): MessageDescriptor {
  return FACINGS_MESSAGES[code];
}

const SCANNER_START_MESSAGES: Record<CameraErrorCode, MessageDescriptor> = {
  CAMERA_PERMISSION_DENIED: msg`The scanner needs the camera, and camera access is blocked for this app.`,
  CAMERA_BUSY: msg`The camera is being used by another app.`,
  CAMERA_NOT_AVAILABLE: msg`No camera was found on this device.`,
  CAMERA_UNSUPPORTED: msg`This browser cannot open the camera.`,
  CAMERA_GENERIC: msg`The scanner could not start.`,
};

/** What went wrong when the scanner would not start (the dialog's first line). */
export function scannerStartMessage(code: CameraErrorCode): MessageDescriptor {
  return SCANNER_START_MESSAGES[code];
}

/**
 * The camera-settings hint of the scanner start failure dialog (spec section 8). A blocked
 * permission is fixed in the browser's site settings; a busy camera by closing the other app.
 */
export function scannerStartHint(code: CameraErrorCode): MessageDescriptor {
  switch (code) {
    case 'CAMERA_PERMISSION_DENIED':
      return msg`Open your camera settings: tap the lock or info icon next to the address bar, choose Permissions (Site settings), set Camera to Allow, then try again.`;
    case 'CAMERA_BUSY':
      return msg`Close other apps that use the camera (video calls, the camera app), then try again.`;
    default:
      return msg`Check your camera settings and that no other app is using the camera, then try again.`;
  }
}

/** A failed save command: the storage quota has its own words, anything else is the spec's "save SKUs" failure. */
export function saveErrorMessage(error: CommandError): MessageDescriptor | string {
  if (error.code === 'QUOTA_EXCEEDED') return msg`Your phone's storage is full, so this was not saved. Free up some space (delete old photos or apps) and try again.`;
  if (error.status === 420 && error.message.trim() !== '') return error.message;
  return msg`Could not save SKUs`;
}
