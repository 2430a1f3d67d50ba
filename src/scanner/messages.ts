/**
 * The scanner's start failures in words (spec section 8), with the camera-settings hint. Codes
 * are data; the screen translates with `i18n._(descriptor)`. The EAN, facings and save texts are
 * in src/i18n/errorMessages.ts with every other error code's words.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CameraErrorCode } from '../execution';

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
