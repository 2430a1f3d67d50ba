import { describe, expect, it } from 'vitest';
import { cityLabel } from './cityNames';

describe('map city labels in the tasker\'s language', () => {
  it('names the capitals as each language does, never the English exonym outside English', () => {
    expect(['lt', 'pl', 'cs', 'ro', 'en'].map((l) => cityLabel('Warsaw', l))).toEqual(['Varšuva', 'Warszawa', 'Varšava', 'Varșovia', 'Warsaw']);
    expect(['lt', 'pl', 'cs', 'ro', 'en'].map((l) => cityLabel('Prague', l))).toEqual(['Praha', 'Praga', 'Praha', 'Praga', 'Prague']);
    expect(['lt', 'pl', 'cs', 'ro', 'en'].map((l) => cityLabel('Bucharest', l))).toEqual(['Bukareštas', 'Bukareszt', 'Bukurešť', 'București', 'Bucharest']);
    expect(['lt', 'pl', 'cs', 'ro', 'en'].map((l) => cityLabel('Vilnius', l))).toEqual(['Vilnius', 'Wilno', 'Vilnius', 'Vilnius', 'Vilnius']);
  });

  it('otherwise the local name, Romanian with its comma-below letters', () => {
    expect(cityLabel('Pilsen', 'cs')).toBe('Plzeň');
    expect(cityLabel('Pilsen', 'lt')).toBe('Plzenis');
    expect(cityLabel('Timişoara', 'ro')).toBe('Timișoara');
    expect(cityLabel('Constanţa', 'pl')).toBe('Konstanca');
    expect(cityLabel('Constanţa', 'lt')).toBe('Constanța');
    expect(cityLabel('Bielsko-Biala', 'pl')).toBe('Bielsko-Biała');
    expect(cityLabel('Šiauliai', 'lt-LT')).toBe('Šiauliai');
    expect(cityLabel('Gdańsk', 'en')).toBe('Gdańsk');
  });
});
