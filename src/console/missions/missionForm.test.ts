import { describe, expect, it } from 'vitest';
import { assignBody, emptyMission, missionBody, missionFormErrors, splitIds } from './missionForm';

describe('the mission form', () => {
  it('needs a name and at least one objective with a whole target', () => {
    const form = { ...emptyMission('LT'), objectives: [{ contentType: 'task_type' as const, items: '', target: '0' }] };
    expect(missionFormErrors(form)).toEqual({ name: 'REQUIRED', 'objectives.0.target': 'INVALID' });
    expect(missionFormErrors({ ...form, name: 'x', objectives: [] })).toEqual({ objectives: 'REQUIRED' });
  });

  it('keeps the reward an exact decimal string (a comma read as the point) and refuses other amounts', () => {
    const form = { ...emptyMission('PL'), name: ' Spring ', reward: '25,5', durationDays: '7', objectives: [{ contentType: 'training' as const, items: 'basics, safety\nbasics', target: '2' }] };
    expect(missionFormErrors(form)).toEqual({});
    expect(missionBody(form)).toEqual({
      countryCode: 'PL',
      name: 'Spring',
      description: '',
      moneyReward: '25.5',
      duration: 7 * 24 * 3600,
      useNameAsDisplayName: true,
      objectives: [{ contentType: 'training', allowedItems: ['basics', 'safety'], target: 2 }],
    });
    for (const reward of ['0', '-1', '1.234', 'ten', '1e3']) expect(missionFormErrors({ ...form, reward }).moneyReward, reward).toBe('INVALID');
    expect(missionFormErrors({ ...form, durationDays: '0' }).duration).toBe('INVALID');
    expect(missionBody({ ...form, reward: '', durationDays: '' })).toMatchObject({ moneyReward: null, duration: null });
  });

  it('assigns by e-mails typed with commas or lines, or to every approved tasker', () => {
    expect(splitIds(' a@x.lt,\nB@x.lt  a@x.lt ')).toEqual(['a@x.lt', 'B@x.lt']);
    expect(assignBody(' A@x.lt, b@x.lt ', false)).toEqual({ emails: ['a@x.lt', 'b@x.lt'] });
    expect(assignBody('a@x.lt', true)).toEqual({ allActive: true });
    expect(assignBody('  ', false)).toBeNull();
  });
});
