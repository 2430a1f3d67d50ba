import { describe, expect, it } from 'vitest';
import { durationWords, notificationValues } from './notifications';
import { missionNotificationName } from './missions';

describe('notification texts format their money with the same formatter', () => {
  it('keeps every cent of a reward or payout', () => {
    const values = notificationValues({ amount: '9007199254740993.01', currencyCode: 'EUR', reward: '12.5', rewardCurrency: 'EUR' }, 'en');
    expect(values.amount).toBe('€9,007,199,254,740,993.01');
    expect(values.reward).toBe('€12.50');
  });

  it('leaves an amount without a currency, or not a number, as it was sent', () => {
    expect(notificationValues({ amount: '12.50', currencyCode: '' }, 'en').amount).toBe('12.50');
    expect(notificationValues({ reward: 'soon', rewardCurrency: 'EUR' }, 'en').reward).toBe('soon');
    expect(notificationValues({ reward: 12.5, rewardCurrency: 'EUR' }, 'en').reward).toBe('€12.50');
  });
});

describe('durationWords: the one wording of a time left', () => {
  it('rounds minutes up and words hours and minutes in the locale, short or long', () => {
    expect(durationWords(65, 'en')).toBe('1 hr 5 min');
    expect(durationWords(65, 'en', 'long')).toBe('1 hour 5 minutes');
    expect(durationWords(119.2, 'en', 'long')).toBe('2 hours');
    expect(durationWords(0.5, 'en', 'long')).toBe('1 minute');
  });
});

describe("a mission's name in its notifications", () => {
  it('is the name the tasker is shown, else the generic title in the reader’s words', () => {
    const hidden = { name: 'LT cohort B', useNameAsDisplayName: false, description: 'Two shelf photos' };
    expect(missionNotificationName(hidden)).toBe('');
    expect(missionNotificationName({ ...hidden, useNameAsDisplayName: true })).toBe('LT cohort B');
    // Without a description the name is all there is to tell the mission by (as on the missions screens).
    expect(missionNotificationName({ ...hidden, description: ' ' })).toBe('LT cohort B');
    expect(notificationValues({ missionName: '' }, 'lt', 'Misija su premija').missionName).toBe('Misija su premija');
    expect(notificationValues({ missionName: 'Promo week' }, 'lt', 'Misija su premija').missionName).toBe('Promo week');
  });
});
