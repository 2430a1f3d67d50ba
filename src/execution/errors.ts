/**
 * Error codes of the execution screens and their words (spec section 8): camera errors, image
 * errors, and failed or refused commands (the storage quota included). Codes are data; the
 * screens translate them with `i18n._(descriptor)` or show a server message as it is.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CommandError } from '../sync/contract';
import { knownFailureMessage } from '../tasks/lifecycleFailure';

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

/** The action a command failure belongs to, for the spec's "Could not …" texts. */
export type ExecutionAction = 'checklist' | 'photoSave' | 'photoUpdate' | 'photoDelete' | 'defects' | 'complete' | 'taskPack' | 'retry' | 'discard';

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

const ACTION_MESSAGES: Record<ExecutionAction, MessageDescriptor> = {
  checklist: msg`Could not update the checklist`,
  photoSave: msg`Could not save the photo. Discard it and try again.`,
  photoUpdate: msg`Could not update the photo`,
  photoDelete: msg`Photo not deleted`,
  defects: msg`Could not update the task defects`,
  complete: msg`Could not complete the task`,
  taskPack: msg`Could not download the task`,
  retry: msg`Could not save`,
  discard: msg`Could not save`,
};

export function cameraErrorMessage(code: CameraErrorCode): MessageDescriptor {
  return CAMERA_MESSAGES[code];
}

export function imageErrorMessage(code: ImageErrorCode): MessageDescriptor {
  return IMAGE_MESSAGES[code];
}

/** Refusals the worker or server answer with a code this app has words for. */
const KNOWN_REFUSALS: Record<string, MessageDescriptor> = {
  TASK_NOT_IN_PROGRESS: msg`This task is not in progress.`,
  PHOTOS_REQUIRED: msg`Please add at least one photo.`,
  VALIDATION_FAILED: msg`Please add the required information`,
  PHOTO_NOT_FOUND: msg`Photo not found`,
  TASK_NOT_FOUND: msg`Task not found`,
};

/** The app's own words for a refusal code (translated), before any English server text. */
function knownRefusal(code: string): MessageDescriptor | null {
  return KNOWN_REFUSALS[code] ?? knownFailureMessage(code);
}

const QUOTA_MESSAGE = msg`Your phone's storage is full, so this was not saved. Free up some space (delete old photos or apps) and try again.`;
const NETWORK_MESSAGE = msg`Cannot connect to server`;

/**
 * A failed command's words. The commands of this issue queue (they do not need the network), so
 * a failure is local — the storage quota above all — or a refusal the worker checked.
 */
export function commandErrorMessage(action: ExecutionAction, error: CommandError): MessageDescriptor | string {
  if (error.code === 'QUOTA_EXCEEDED') return QUOTA_MESSAGE;
  if (error.code === 'NETWORK') return NETWORK_MESSAGE;
  const known = knownRefusal(error.code);
  if (known) return known;
  if (error.status === 420 && error.message.trim() !== '') return error.message;
  return ACTION_MESSAGES[action];
}

/**
 * Why a queued record was rejected: the app's words for a code it knows (in the tasker's
 * language), else the server's message, else a fallback.
 */
export function rejectionText(error: { status: number; code: string; message: string } | null): MessageDescriptor | string {
  const known = error ? knownRefusal(error.code) : null;
  if (known) return known;
  if (error && error.message.trim() !== '') return error.message;
  return msg`The server did not accept this change.`;
}
