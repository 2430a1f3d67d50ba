import { describe, expect, it } from 'vitest';
import { drawerItems, type DrawerFacts, type DrawerItemId } from './drawerItems';

describe('drawerItems', () => {
  it.each<[string, DrawerFacts, DrawerItemId[]]>([
    [
      'shows an approved LT tasker in the browser everything except settings and FAQ',
      { countryCode: 'LT', isApproved: true, installed: false },
      ['support', 'knowledgeBase', 'troubleshooting', 'history', 'invite', 'trainings'],
    ],
    [
      'adds settings in the installed app',
      { countryCode: 'PL', isApproved: true, installed: true },
      ['support', 'knowledgeBase', 'troubleshooting', 'history', 'settings', 'invite', 'trainings'],
    ],
    [
      'shows a not approved tasker the FAQ but no troubleshooting, history or invite',
      { countryCode: 'CZ', isApproved: false, installed: false },
      ['support', 'knowledgeBase', 'faq', 'trainings'],
    ],
    [
      'hides knowledge base and troubleshooting for Romania',
      { countryCode: 'RO', isApproved: true, installed: false },
      ['support', 'history', 'invite', 'trainings'],
    ],
    [
      'hides contact support while the country is unknown',
      { countryCode: null, isApproved: false, installed: false },
      ['knowledgeBase', 'faq', 'trainings'],
    ],
    [
      'always keeps trainings, even for a not approved RO tasker',
      { countryCode: 'RO', isApproved: false, installed: false },
      ['support', 'faq', 'trainings'],
    ],
  ])('%s', (_name, facts, expected) => {
    expect(drawerItems(facts)).toEqual(expected);
  });
});
