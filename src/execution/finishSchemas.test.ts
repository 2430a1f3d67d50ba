import { describe, expect, it } from 'vitest';
import { COMPLETION_TEXT_MAX, readCompletion } from '#domain/completion';
import {
  blockedInput,
  blockedSchema,
  completeInput,
  completeSchema,
  EMPTY_BLOCKED,
  EMPTY_COMPLETE,
  EMPTY_INCOMPLETE,
  incompleteInput,
  incompleteSchema,
} from './finishSchemas';

/** The schema's codes by field, as Formik gets them (every field, not only the first error). */
async function codes(schema: { validate: (values: unknown, options: { abortEarly: boolean }) => Promise<unknown> }, values: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
}

const tooLong = 'x'.repeat(COMPLETION_TEXT_MAX + 1);

describe("the 'couldn't finish' form (incomplete)", () => {
  it('needs a reason and the policy agreement (spec: reason, policy and photos)', async () => {
    expect(await codes(incompleteSchema, EMPTY_INCOMPLETE)).toEqual({ reason: 'REQUIRED', agreed: 'REQUIRED' });
    expect(await codes(incompleteSchema, { reason: '   ', agreed: true })).toEqual({ reason: 'REQUIRED' });
    expect(await codes(incompleteSchema, { reason: 'Pallets in front of the shelf', agreed: false })).toEqual({ agreed: 'REQUIRED' });
    expect(await codes(incompleteSchema, { reason: 'Pallets in front of the shelf', agreed: true })).toEqual({});
  });

  it('refuses a reason over the limit, as the server does', async () => {
    expect(await codes(incompleteSchema, { reason: tooLong, agreed: true })).toEqual({ reason: 'TOO_LONG' });
    expect(readCompletion(incompleteInput({ reason: tooLong, agreed: true })).errors.reason).toBe('TOO_LONG');
  });

  it('sends the reason as the comment too, with the agreement', () => {
    expect(incompleteInput({ reason: 'Closed for stocktaking', agreed: true })).toEqual({
      outcome: 'incomplete',
      taskerComment: 'Closed for stocktaking',
      reason: 'Closed for stocktaking',
      policyAgreed: true,
    });
  });

  it('accepts exactly what the server accepts', async () => {
    const cases = [EMPTY_INCOMPLETE, { reason: 'ok', agreed: false }, { reason: ' ', agreed: true }, { reason: 'ok', agreed: true }, { reason: tooLong, agreed: true }];
    for (const values of cases) {
      const server = Object.keys(readCompletion(incompleteInput(values)).errors).length === 0;
      expect(Object.keys(await codes(incompleteSchema, values)).length === 0, JSON.stringify(values).slice(0, 60)).toBe(server);
    }
  });
});

describe('the complete and blocked forms', () => {
  it('take an empty comment and refuse one over the limit', async () => {
    expect(await codes(completeSchema, EMPTY_COMPLETE)).toEqual({});
    expect(await codes(completeSchema, { comment: tooLong })).toEqual({ comment: 'TOO_LONG' });
    expect(await codes(blockedSchema, EMPTY_BLOCKED)).toEqual({});
    expect(await codes(blockedSchema, { comment: tooLong })).toEqual({ comment: 'TOO_LONG' });
  });

  it('send the outcome with the comment (and the blockers ticked now)', () => {
    expect(completeInput({ comment: 'All done' })).toEqual({ outcome: 'complete', taskerComment: 'All done' });
    expect(blockedInput({ comment: '' }, ['b1', 'b2'])).toEqual({ outcome: 'blocked', taskerComment: '', blockerIds: ['b1', 'b2'] });
    // The blockers are the blockers screen's: without one the rule refuses the completion, not the comment.
    expect(readCompletion(blockedInput({ comment: 'x' }, [])).errors).toEqual({ blockerIds: 'REQUIRED' });
  });
});
