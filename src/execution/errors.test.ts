import { describe, expect, it } from 'vitest';
import { cameraErrorCode } from './errors';

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
