import { describe, expect, it } from 'vitest';
import { cameraErrorCode, commandErrorMessage, rejectionText } from './errors';

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('camera errors', () => {
  it.each([
    ['NotReadableError', 'CAMERA_BUSY'],
    ['NotAllowedError', 'CAMERA_PERMISSION_DENIED'],
    ['NotFoundError', 'CAMERA_NOT_AVAILABLE'],
    ['OverconstrainedError', 'CAMERA_NOT_AVAILABLE'],
    ['TypeError', 'CAMERA_UNSUPPORTED'],
    ['WeirdError', 'CAMERA_GENERIC'],
  ])('%s is %s', (name, code) => {
    expect(cameraErrorCode(domError(name))).toBe(code);
  });

  it('treats a thrown non-error as generic', () => {
    expect(cameraErrorCode('boom')).toBe('CAMERA_GENERIC');
    expect(cameraErrorCode(null)).toBe('CAMERA_GENERIC');
  });
});

describe('command failures', () => {
  const text = (m: ReturnType<typeof commandErrorMessage>) => (typeof m === 'string' ? m : (m.message ?? m.id));

  it('says the storage is full on a quota error, whatever the action', () => {
    const quota = { status: 0, code: 'QUOTA_EXCEEDED' as const, message: 'QuotaExceededError' };
    expect(text(commandErrorMessage('photoSave', quota))).toContain('storage is full');
    expect(text(commandErrorMessage('checklist', quota))).toContain('storage is full');
  });

  it("shows a 420's own message and the action's words otherwise", () => {
    expect(commandErrorMessage('complete', { status: 420, code: 'UNKNOWN', message: 'Task expired' })).toBe('Task expired');
    expect(text(commandErrorMessage('photoDelete', { status: 500, code: 'UNKNOWN', message: '' }))).toBe('Photo not deleted');
    expect(text(commandErrorMessage('complete', { status: 0, code: 'NETWORK', message: '' }))).toBe('Cannot connect to server');
  });

  it("shows a rejected record's server message, or a fallback", () => {
    expect(rejectionText({ status: 420, code: 'UNKNOWN', message: 'Photo too large' })).toBe('Photo too large');
    expect(typeof rejectionText(null)).toBe('object');
  });

  it("puts a rejected record's known code in the app's words, not the server's English", () => {
    expect(text(rejectionText({ status: 420, code: 'TASK_WINDOW_ENDED', message: 'The time window of this task has ended.' }))).toBe('The time window of this task has ended.');
    expect(typeof rejectionText({ status: 420, code: 'TASK_WINDOW_ENDED', message: 'The time window of this task has ended.' })).toBe('object');
    expect(typeof rejectionText({ status: 420, code: 'TOO_FAR_FROM_PLACE', message: 'Too far' })).toBe('object');
    expect(typeof rejectionText({ status: 420, code: 'TASK_NOT_IN_PROGRESS', message: 'x' })).toBe('object');
  });
});

describe('known refusals', () => {
  it('words a refusal code the app knows instead of the English message', () => {
    const m = commandErrorMessage('complete', { status: 420, code: 'PHOTOS_REQUIRED', message: 'At least one photo is required' });
    expect(typeof m === 'string' ? m : m.message).toBe('Please add at least one photo.');
  });
});
