/**
 * The camera's and the image reader's error codes and their words (spec section 8). Codes are
 * data; the screens translate them with `i18n._(descriptor)`. A failed or refused command is
 * worded by src/i18n/errorMessages.ts.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type CameraErrorCode = 'CAMERA_BUSY' | 'CAMERA_PERMISSION_DENIED' | 'CAMERA_NOT_AVAILABLE' | 'CAMERA_UNSUPPORTED' | 'CAMERA_GENERIC';

/** The DOMException names of getUserMedia (and their older Chrome aliases). */
export function cameraErrorCode(error: unknown): CameraErrorCode {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'CAMERA_BUSY';
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'CAMERA_PERMISSION_DENIED';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'CAMERA_NOT_AVAILABLE';
    case 'TypeError':
      // No mediaDevices (http page, old browser): the gallery still works.
      return 'CAMERA_UNSUPPORTED';
    default:
      return 'CAMERA_GENERIC';
  }
}

export type ImageErrorCode = 'IMAGE_UNSUPPORTED_FORMAT' | 'IMAGE_TOO_LARGE' | 'IMAGE_LOAD_FAILED';

const CAMERA_MESSAGES: Record<CameraErrorCode, MessageDescriptor> = {
  CAMERA_BUSY: msg`The camera is being used by another app. Close it and try again.`,
  CAMERA_PERMISSION_DENIED: msg`Camera access was denied. Allow the camera in your browser settings, or upload from the gallery.`,
  CAMERA_NOT_AVAILABLE: msg`Could not access a camera on this device. You can upload from the gallery.`,
  CAMERA_UNSUPPORTED: msg`This browser cannot open the camera. You can upload from the gallery.`,
  CAMERA_GENERIC: msg`Something went wrong with the camera. Please try again.`,
};

const IMAGE_MESSAGES: Record<ImageErrorCode, MessageDescriptor> = {
  IMAGE_UNSUPPORTED_FORMAT: msg`Unsupported file format. Please try a JPEG image.`,
  IMAGE_TOO_LARGE: msg`The file is too large.`,
  IMAGE_LOAD_FAILED: msg`Failed to load the image.`,
};

export function cameraErrorMessage(code: CameraErrorCode): MessageDescriptor {
  return CAMERA_MESSAGES[code];
}

export function imageErrorMessage(code: ImageErrorCode): MessageDescriptor {
  return IMAGE_MESSAGES[code];
}
