import { describe, expect, it } from 'vitest';
import { makePlace, makeTask } from './fixtures';
import { matchesSearch, normalizeSearchText, searchTokens } from './search';

const task = makeTask({
  title: 'Kavos lentynos nuotrauka',
  place: makePlace({
    title: 'Iki Šančiai',
    address: 'Kovo 11-osios g. 22',
    city: 'Kaunas',
    retailer: { id: 'r-iki', name: 'IKI', logo: null },
  }),
});
const polish = makeTask({
  title: 'Sprawdzenie półki',
  place: makePlace({ title: 'Żabka Piotrkowska', address: 'ul. Piotrkowska 12', city: 'Łódź', retailer: { id: 'r-z', name: 'Żabka', logo: null } }),
});
const romanian = makeTask({
  title: 'Verificare stoc',
  place: makePlace({ title: 'Kaufland Mărăști', address: 'Strada Fabricii 1', city: 'Cluj-Napoca', retailer: { id: 'r-k', name: 'Kaufland', logo: null } }),
});

describe('matchesSearch', () => {
  it.each([
    ['an empty query matches everything', task, '', true],
    ['a blank query matches everything', task, '   ', true],
    ['the title matches case-insensitively', task, 'KAVOS', true],
    ['the place title matches without diacritics', task, 'sanciai', true],
    ['the place title matches with diacritics', task, 'Šančiai', true],
    ['the address matches', task, 'kovo 11', true],
    ['the city matches', task, 'kaunas', true],
    ['the retailer name matches', task, 'iki', true],
    ['every word must match somewhere', task, 'iki kaunas', true],
    ['a word that matches nowhere excludes the task', task, 'iki vilnius', false],
    ['an unrelated query does not match', task, 'warszawa', false],
    ['Polish ł folds to l', polish, 'lodz', true],
    ['Polish ż and ó fold', polish, 'zabka polki', true],
    ['Romanian ă and ș fold', romanian, 'marasti', true],
    ['a query with diacritics matches folded text too', romanian, 'Mărăști cluj', true],
    ['the task type is not a searchable field', task, 'photos', false],
  ])('%s', (_name, row, query, expected) => {
    expect(matchesSearch(row, query)).toBe(expected);
  });
});

describe('normalizeSearchText', () => {
  it.each([
    ['Šančiai', 'sanciai'],
    ['  Łódź   Fabryczna ', 'lodz fabryczna'],
    ['STRAßE', 'strasse'],
    ['Příbram', 'pribram'],
  ])('folds %j to %j', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it('splits a query into folded words', () => {
    expect(searchTokens(' Iki  ŠANČIAI ')).toEqual(['iki', 'sanciai']);
    expect(searchTokens('')).toEqual([]);
  });
});
