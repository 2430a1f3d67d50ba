/**
 * The offline map's city labels in the tasker's language. public/map/cities.json carries GeoNames'
 * English names (Warsaw, Prague, Bucharest, Pilsen) and Romanian names with cedillas (ş, ţ) where
 * Romanian writes commas below (ș, ț). A label is the city's own local name, or the name the
 * tasker's language has for it where that differs (Varšuva, Wilno, Bukurešť, Varșovia); English
 * keeps the English names.
 */

/** The local name of the cities the data names otherwise. */
const LOCAL_NAMES: Record<string, string> = {
  Warsaw: 'Warszawa',
  Prague: 'Praha',
  Bucharest: 'București',
  Pilsen: 'Plzeň',
  'Bielsko-Biala': 'Bielsko-Biała',
};

/** Names a language has of its own for a city (by local name); the rest keep their local name. */
const NAMES_IN: Record<string, Record<string, string>> = {
  en: { Warszawa: 'Warsaw', Praha: 'Prague', București: 'Bucharest', Plzeň: 'Pilsen' },
  lt: {
    Warszawa: 'Varšuva',
    București: 'Bukareštas',
    Kraków: 'Krokuva',
    Gdańsk: 'Gdanskas',
    Wrocław: 'Vroclavas',
    Poznań: 'Poznanė',
    Łódź: 'Lodzė',
    Plzeň: 'Plzenis',
  },
  pl: {
    Vilnius: 'Wilno',
    Kaunas: 'Kowno',
    Klaipėda: 'Kłajpeda',
    Šiauliai: 'Szawle',
    Panevėžys: 'Poniewież',
    Praha: 'Praga',
    București: 'Bukareszt',
    Constanța: 'Konstanca',
  },
  cs: { Warszawa: 'Varšava', București: 'Bukurešť', Kraków: 'Krakov', Wrocław: 'Vratislav', Gdańsk: 'Gdaňsk', Poznań: 'Poznaň', Łódź: 'Lodž' },
  ro: { Warszawa: 'Varșovia', Praha: 'Praga', Kraków: 'Cracovia' },
};

/** GeoNames' cedilla letters as Romanian writes them (comma below). */
function romanianCommas(name: string): string {
  return name.replace(/ş/g, 'ș').replace(/Ş/g, 'Ș').replace(/ţ/g, 'ț').replace(/Ţ/g, 'Ț');
}

export function cityLabel(dataName: string, locale: string): string {
  const local = romanianCommas(LOCAL_NAMES[dataName] ?? dataName);
  const language = locale.toLowerCase().split('-')[0] ?? '';
  return NAMES_IN[language]?.[local] ?? local;
}
