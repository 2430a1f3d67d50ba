import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { login } from '#contracts/api/auth';
import { getTask } from '#contracts/api/tasks';
import { makeTask } from '../../src/tasks/fixtures';
import { dataItems, isAnswer, isPageEnvelope, isTask, isTaskDeltaEnvelope, listItems } from './answers';

const task = makeTask({ id: 't1' });
const pageInfo = { endCursor: null, startCursor: null, hasNext: false, hasPrevious: false };

describe('answer checks from the response schemas', () => {
  it('accepts a task as GET task/{id} answers it', () => {
    expect(isTask(task)).toBe(true);
    expect(isAnswer(getTask, task)).toBe(true);
  });

  it('refuses a task whose fields have the wrong type, not only a missing id or place', () => {
    // A hand-written guard checked id, status and place only; the schema checks every field.
    expect(isTask({ ...task, title: 42 })).toBe(false);
    expect(isTask({ ...task, place: { ...task.place, coordinates: { latitude: '54.6', longitude: 25.2 } } })).toBe(false);
    expect(isTask({ ...task, status: 'teleported' })).toBe(false);
    expect(isTask(null)).toBe(false);
  });

  it('checks a login answer by the route: both tokens, strings', () => {
    expect(isAnswer(login, { token: 'a', refreshToken: 'b' })).toBe(true);
    expect(isAnswer(login, { token: 'a' })).toBe(false);
    expect(isAnswer(login, { token: 'a', refreshToken: 7 })).toBe(false);
  });

  it('reads list envelopes whose items the caller checks one by one', () => {
    expect(listItems([1, 2])).toEqual([1, 2]);
    expect(listItems({ data: [1] })).toEqual([1]);
    expect(listItems({ data: 'x' })).toBeNull();
    expect(dataItems([1])).toBeNull();
    expect(dataItems({ data: [] })).toEqual([]);
    expect(isPageEnvelope({ data: [task, { bad: true }], pageInfo })).toBe(true);
    expect(isPageEnvelope({ data: [], pageInfo: { hasNext: false } })).toBe(false);
    expect(isTaskDeltaEnvelope({ changed: [], removed: ['a'], cursor: 'c' })).toBe(true);
    expect(isTaskDeltaEnvelope({ changed: [], removed: [1], cursor: 'c' })).toBe(false);
  });

  it('uses no compiled code (the CSP forbids eval): Value.Check on the plain schema', () => {
    expect(Value.Check(getTask.schema.response[200], task)).toBe(true);
  });
});
