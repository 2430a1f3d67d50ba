import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES } from './helpContent';
import { isHelpPageOffered } from './helpRules';

describe('help pages per market and approval (spec sections 2 and 6)', () => {
  it('offers the knowledge base outside RO and troubleshooting only to approved taskers outside RO', () => {
    const approvedLt = { countryCode: 'LT' as const, isApproved: true, installed: false };
    expect(isHelpPageOffered('knowledgeBase', approvedLt)).toBe(true);
    expect(isHelpPageOffered('troubleshooting', approvedLt)).toBe(true);
    expect(isHelpPageOffered('troubleshooting', { ...approvedLt, isApproved: false })).toBe(false);
    expect(isHelpPageOffered('knowledgeBase', { ...approvedLt, countryCode: 'RO' })).toBe(false);
    expect(isHelpPageOffered('troubleshooting', { ...approvedLt, countryCode: 'RO' })).toBe(false);
    // The FAQ is readable by everyone (the drawer lists it for not approved taskers).
    expect(isHelpPageOffered('faq', { ...approvedLt, countryCode: 'RO' })).toBe(true);
    expect(isHelpPageOffered('faq', { countryCode: null, isApproved: false, installed: false })).toBe(true);
  });

  it('has the topics a tasker needs, each with a distinct id', () => {
    const ids = (page: keyof typeof HELP_ARTICLES) => HELP_ARTICLES[page].map((a) => a.id);
    expect(ids('knowledgeBase')).toEqual(expect.arrayContaining(['reserve', 'start', 'finish', 'payouts', 'photos', 'scanner', 'offline']));
    expect(ids('troubleshooting')).toEqual(expect.arrayContaining(['camera', 'location', 'sync']));
    for (const page of Object.keys(HELP_ARTICLES) as (keyof typeof HELP_ARTICLES)[]) expect(new Set(ids(page)).size).toBe(ids(page).length);
  });
});
