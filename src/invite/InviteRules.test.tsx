import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { InviteRules } from './InviteScreen';

beforeAll(activateEnglish);

describe('referral rules per market, for a friend in the language shown (English: 4 h in every market)', () => {
  it.each([
    ['LT', '4 hours', '€100.00'],
    ['PL', '4 hours', 'PLN 100.00'],
    ['CZ', '4 hours', 'PLN 100.00'],
    ['RO', '4 hours', 'PLN 100.00'],
  ] as const)('%s: the friend works %s, the tasker gets %s', (country, hours, reward) => {
    const html = renderMarkup(<InviteRules country={country} />).replace(/\u00a0/g, ' ');
    expect(html).toContain(`a total expected duration of ${hours}.`);
    expect(html).toContain(`You get ${reward} in your payout for that week, once per friend.`);
  });

  it('stays general without a market', () => {
    const html = renderMarkup(<InviteRules country={null} />);
    expect(html).toContain('Your friend completes their first tasks.');
    expect(html).toContain('You get a bonus in your payout, once per friend.');
  });
});
