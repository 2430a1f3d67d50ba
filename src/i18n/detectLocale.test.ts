import { describe, expect, it } from 'vitest';
import { detectLocale, queryLocale, tabQueryLocale, type LocaleFacts } from './detectLocale';

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

describe('queryLocale: ?lng= as a language', () => {
  it.each<[string, string, string, string | null]>([
    ['reads a language on the login page', '/login', '?lng=en', 'en'],
    ['reads a region-tagged language', '/register', '?lng=lt-LT', 'lt'],
    ['accepts cz for Czech', '/welcome', '?lng=cz', 'cs'],
    ['ignores a number (a longitude) anywhere', '/login', '?lng=21.01220', null],
    ['ignores a language-looking value with digits', '/settings', '?lng=25', null],
    ['ignores an unsupported language', '/login', '?lng=de', null],
    ['never reads the task map’s lng: it is the longitude', '/map/available', '?lat=52.22970&lng=21.01220&zoom=12', null],
    ['never reads the map’s lng, even when it looks like a language', '/map/reserved', '?lng=lt', null],
    ['never reads the opportunities map’s lng', '/opportunities-map', '?lng=pl', null],
    ['without lng: nothing', '/reservable', '?search=milk', null],
  ])('%s', (_name, pathname, search, expected) => {
    expect(queryLocale(pathname, search)).toBe(expected);
  });
});

describe('tabQueryLocale: the language the tab was opened with', () => {
  it('keeps the remembered ?lng= when the URL names none (a reloaded map)', () => {
    expect(tabQueryLocale(queryLocale('/map/available', '?lat=54.68720&lng=25.27970&zoom=12'), 'en')).toBe('en');
  });
  it('takes the URL’s language over the remembered one', () => {
    expect(tabQueryLocale('pl', 'en')).toBe('pl');
  });
  it('ignores a remembered longitude (what an older version stored)', () => {
    expect(tabQueryLocale(null, '21.01220')).toBeNull();
  });
});
