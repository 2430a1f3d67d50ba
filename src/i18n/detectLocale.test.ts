import { describe, expect, it } from 'vitest';
import { detectLocale, type LocaleFacts } from './detectLocale';

const none: LocaleFacts = { stored: null, query: null, country: null, browser: [] };

describe('detectLocale', () => {
  it.each<[string, Partial<LocaleFacts>, string]>([
    ['falls back to English when nothing is known', {}, 'en'],
    ['uses the stored setting before everything else', { stored: 'pl', query: 'lt', country: 'RO', browser: ['cs'] }, 'pl'],
    ['uses ?lng= when nothing is stored', { query: 'lt', country: 'RO', browser: ['cs'] }, 'lt'],
    ['uses the tasker country when there is no setting or query', { country: 'RO', browser: ['cs-CZ'] }, 'ro'],
    ['maps the Czech market to the cs language', { country: 'CZ' }, 'cs'],
    ['maps the Lithuanian market to lt', { country: 'LT', browser: ['en-US'] }, 'lt'],
    ['maps the Polish market to pl', { country: 'PL' }, 'pl'],
    ['uses the first supported browser language', { browser: ['de-DE', 'pl-PL', 'lt'] }, 'pl'],
    ['reads region-tagged browser languages by their primary subtag', { browser: ['ro-RO'] }, 'ro'],
    ['ignores an unsupported stored value', { stored: 'de', query: 'ro' }, 'ro'],
    ['ignores an unsupported query value', { query: 'xx', browser: ['lt-LT'] }, 'lt'],
    ['ignores an unknown country', { country: 'DE', browser: ['cs'] }, 'cs'],
    ['accepts the common cz typo for Czech in the query', { query: 'cz' }, 'cs'],
    ['treats an empty stored value as unset', { stored: '', query: 'pl' }, 'pl'],
    ['falls back to English when no browser language is supported', { browser: ['de', 'fr-FR'] }, 'en'],
  ])('%s', (_name, facts, expected) => {
    expect(detectLocale({ ...none, ...facts })).toBe(expected);
  });
});
