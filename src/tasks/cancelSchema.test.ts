import { describe, expect, it } from 'vitest';
import { cancelRefusal, lateCancelJustificationError } from '#domain/lifecycle';
import { cancelFormState } from './cancelForm';
import { cancelSchema, lateCancelSchema } from './cancelSchema';

async function codes(values: unknown): Promise<Record<string, string>> {
  try {
    await lateCancelSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries((error as { inner: { path: string; message: string }[] }).inner.map((e) => [e.path, e.message]));
  }
}

describe('the late cancel form (spec: a reason under 160 characters and the policy)', () => {
  it('needs a reason and the policy tick', async () => {
    expect(await codes({ justification: '', policyAccepted: false })).toEqual({ justification: 'REQUIRED', policyAccepted: 'REQUIRED' });
    expect(await codes({ justification: '   ', policyAccepted: true })).toEqual({ justification: 'REQUIRED' });
    expect(await codes({ justification: 'Sick', policyAccepted: false })).toEqual({ policyAccepted: 'REQUIRED' });
    expect(await codes({ justification: 'x'.repeat(160), policyAccepted: true })).toEqual({ justification: 'TOO_LONG' });
    expect(await codes({ justification: ` ${'x'.repeat(159)} `, policyAccepted: true })).toEqual({});
  });

  it('takes the reason the server takes, and agrees with the dialog’s counter and button', async () => {
    const late = { status: 'reserved' as const, earlyCancelDeadline: '2026-03-01T00:00:00Z', lateCancelDeadline: '2026-03-20T00:00:00Z' };
    const now = new Date('2026-03-10T00:00:00Z');
    for (const justification of ['', '  ', 'Sick', 'x'.repeat(159), 'x'.repeat(160)]) {
      const valid = Object.keys(await codes({ justification, policyAccepted: true })).length === 0;
      expect(cancelRefusal(late, justification, now) === null, justification.slice(0, 20)).toBe(valid);
      expect(lateCancelJustificationError(justification) === null).toBe(valid);
      expect(cancelFormState({ policy: 'late', justification, policyAccepted: true }).canSubmit).toBe(valid);
    }
  });

  it('an early cancel has no fields to check', () => {
    expect(cancelSchema('early')).toBeUndefined();
    expect(cancelSchema('late')).toBe(lateCancelSchema);
  });
});
