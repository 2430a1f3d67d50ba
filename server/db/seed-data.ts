/**
 * Static demo data: markets, retailers, stores (real street addresses; coordinates to about
 * 100 m), task types with markdown instructions, trainings, products and defects.
 */
export interface SeedCountry {
  code: 'LT' | 'PL' | 'CZ' | 'RO';
  name: string;
  currencyCode: 'EUR' | 'PLN' | 'CZK' | 'RON';
  currencySymbol: string;
  locale: 'lt' | 'pl' | 'cs' | 'ro';
  timeZone: string;
  /** Reward range in minor units and the rounding step (minor units). */
  reward: { min: number; max: number; step: number };
  /** GS1 prefix for the demo products of the market. */
  gs1: string;
}

export const SEED_COUNTRIES: SeedCountry[] = [
  { code: 'LT', name: 'Lithuania', currencyCode: 'EUR', currencySymbol: '€', locale: 'lt', timeZone: 'Europe/Vilnius', reward: { min: 800, max: 3500, step: 50 }, gs1: '477' },
  { code: 'PL', name: 'Poland', currencyCode: 'PLN', currencySymbol: 'zł', locale: 'pl', timeZone: 'Europe/Warsaw', reward: { min: 3500, max: 15000, step: 100 }, gs1: '590' },
  { code: 'CZ', name: 'Czechia', currencyCode: 'CZK', currencySymbol: 'Kč', locale: 'cs', timeZone: 'Europe/Prague', reward: { min: 20000, max: 80000, step: 1000 }, gs1: '859' },
  { code: 'RO', name: 'Romania', currencyCode: 'RON', currencySymbol: 'lei', locale: 'ro', timeZone: 'Europe/Bucharest', reward: { min: 4000, max: 17000, step: 100 }, gs1: '594' },
];

export interface SeedRetailer {
  id: string;
  name: string;
  /** Logo colours for the generated SVG in public/logos. */
  background: string;
  foreground: string;
}

export const SEED_RETAILERS: SeedRetailer[] = [
  { id: 'maxima', name: 'Maxima', background: '#d6001c', foreground: '#ffffff' },
  { id: 'rimi', name: 'Rimi', background: '#e3051b', foreground: '#ffffff' },
  { id: 'iki', name: 'Iki', background: '#ffd400', foreground: '#c8102e' },
  { id: 'lidl', name: 'Lidl', background: '#0050aa', foreground: '#fff000' },
  { id: 'biedronka', name: 'Biedronka', background: '#e30613', foreground: '#ffffff' },
  { id: 'zabka', name: 'Żabka', background: '#00843d', foreground: '#ffffff' },
  { id: 'carrefour', name: 'Carrefour', background: '#004e9f', foreground: '#ffffff' },
  { id: 'kaufland', name: 'Kaufland', background: '#e10915', foreground: '#ffffff' },
  { id: 'albert', name: 'Albert', background: '#0071b9', foreground: '#ffffff' },
  { id: 'billa', name: 'Billa', background: '#ffe500', foreground: '#e2001a' },
  { id: 'tesco', name: 'Tesco', background: '#00539f', foreground: '#ffffff' },
  { id: 'penny', name: 'Penny', background: '#cd1719', foreground: '#ffffff' },
  { id: 'mega-image', name: 'Mega Image', background: '#e30613', foreground: '#ffffff' },
];

export interface SeedStore {
  retailerId: string;
  title: string;
  address: string;
  city: string;
  countryCode: SeedCountry['code'];
  latitude: number;
  longitude: number;
}

export const SEED_STORES: SeedStore[] = [
  // Vilnius
  { retailerId: 'maxima', title: 'Maxima XXX Akropolis', address: 'Ozo g. 25', city: 'Vilnius', countryCode: 'LT', latitude: 54.7107, longitude: 25.2632 },
  { retailerId: 'rimi', title: 'Rimi Gedimino 9', address: 'Gedimino pr. 9', city: 'Vilnius', countryCode: 'LT', latitude: 54.6872, longitude: 25.2797 },
  { retailerId: 'iki', title: 'Iki Jasinskio', address: 'Jasinskio g. 16', city: 'Vilnius', countryCode: 'LT', latitude: 54.6868, longitude: 25.2688 },
  { retailerId: 'lidl', title: 'Lidl Ukmergės', address: 'Ukmergės g. 240', city: 'Vilnius', countryCode: 'LT', latitude: 54.7297, longitude: 25.2458 },
  { retailerId: 'maxima', title: 'Maxima XX Savanorių', address: 'Savanorių pr. 16', city: 'Vilnius', countryCode: 'LT', latitude: 54.6784, longitude: 25.2563 },
  { retailerId: 'rimi', title: 'Rimi Hyper Ozas', address: 'Ozo g. 18', city: 'Vilnius', countryCode: 'LT', latitude: 54.7128, longitude: 25.2755 },
  // Kaunas
  { retailerId: 'maxima', title: 'Maxima XXX Akropolis Kaunas', address: 'Karaliaus Mindaugo pr. 49', city: 'Kaunas', countryCode: 'LT', latitude: 54.8916, longitude: 23.9183 },
  { retailerId: 'rimi', title: 'Rimi Savanorių', address: 'Savanorių pr. 206', city: 'Kaunas', countryCode: 'LT', latitude: 54.9079, longitude: 23.9628 },
  { retailerId: 'iki', title: 'Iki Jonavos', address: 'Jonavos g. 3', city: 'Kaunas', countryCode: 'LT', latitude: 54.9011, longitude: 23.9131 },
  { retailerId: 'lidl', title: 'Lidl Pramonės', address: 'Pramonės pr. 16', city: 'Kaunas', countryCode: 'LT', latitude: 54.9128, longitude: 23.9897 },
  { retailerId: 'maxima', title: 'Maxima XX Mega', address: 'Islandijos pl. 32', city: 'Kaunas', countryCode: 'LT', latitude: 54.8894, longitude: 23.9361 },
  // Warsaw
  { retailerId: 'biedronka', title: 'Biedronka Marszałkowska', address: 'ul. Marszałkowska 104/122', city: 'Warszawa', countryCode: 'PL', latitude: 52.2341, longitude: 21.0092 },
  { retailerId: 'zabka', title: 'Żabka Nowy Świat', address: 'ul. Nowy Świat 35', city: 'Warszawa', countryCode: 'PL', latitude: 52.2331, longitude: 21.0198 },
  { retailerId: 'carrefour', title: 'Carrefour Reduta', address: 'al. Jerozolimskie 148', city: 'Warszawa', countryCode: 'PL', latitude: 52.2142, longitude: 20.9553 },
  { retailerId: 'lidl', title: 'Lidl Ostrobramska', address: 'ul. Ostrobramska 73', city: 'Warszawa', countryCode: 'PL', latitude: 52.2329, longitude: 21.1147 },
  { retailerId: 'kaufland', title: 'Kaufland Modlińska', address: 'ul. Modlińska 8', city: 'Warszawa', countryCode: 'PL', latitude: 52.2921, longitude: 20.9979 },
  { retailerId: 'biedronka', title: 'Biedronka Puławska', address: 'ul. Puławska 37', city: 'Warszawa', countryCode: 'PL', latitude: 52.2047, longitude: 21.0226 },
  // Kraków
  { retailerId: 'biedronka', title: 'Biedronka Karmelicka', address: 'ul. Karmelicka 17', city: 'Kraków', countryCode: 'PL', latitude: 50.0656, longitude: 19.9322 },
  { retailerId: 'carrefour', title: 'Carrefour Galeria Krakowska', address: 'ul. Pawia 5', city: 'Kraków', countryCode: 'PL', latitude: 50.0676, longitude: 19.9458 },
  { retailerId: 'zabka', title: 'Żabka Floriańska', address: 'ul. Floriańska 14', city: 'Kraków', countryCode: 'PL', latitude: 50.0629, longitude: 19.9394 },
  { retailerId: 'lidl', title: 'Lidl Wielicka', address: 'ul. Wielicka 259', city: 'Kraków', countryCode: 'PL', latitude: 50.0178, longitude: 19.9972 },
  { retailerId: 'kaufland', title: 'Kaufland Bonarka', address: 'ul. Kamieńskiego 11', city: 'Kraków', countryCode: 'PL', latitude: 50.0272, longitude: 19.9491 },
  // Prague
  { retailerId: 'albert', title: 'Albert Václavské náměstí', address: 'Václavské náměstí 21', city: 'Praha', countryCode: 'CZ', latitude: 50.0815, longitude: 14.4256 },
  { retailerId: 'tesco', title: 'Tesco My Národní', address: 'Národní 26', city: 'Praha', countryCode: 'CZ', latitude: 50.0821, longitude: 14.4186 },
  { retailerId: 'billa', title: 'Billa Vinohradská', address: 'Vinohradská 48', city: 'Praha', countryCode: 'CZ', latitude: 50.0766, longitude: 14.4418 },
  { retailerId: 'lidl', title: 'Lidl Argentinská', address: 'Argentinská 1621/36', city: 'Praha', countryCode: 'CZ', latitude: 50.1031, longitude: 14.4479 },
  { retailerId: 'kaufland', title: 'Kaufland Smíchov', address: 'Strakonická 1199', city: 'Praha', countryCode: 'CZ', latitude: 50.0562, longitude: 14.4069 },
  { retailerId: 'albert', title: 'Albert Flora', address: 'Vinohradská 151', city: 'Praha', countryCode: 'CZ', latitude: 50.0779, longitude: 14.4619 },
  // Brno
  { retailerId: 'albert', title: 'Albert Vaňkovka', address: 'Ve Vaňkovce 1', city: 'Brno', countryCode: 'CZ', latitude: 49.1899, longitude: 16.6136 },
  { retailerId: 'tesco', title: 'Tesco Brno Dornych', address: 'Dornych 4', city: 'Brno', countryCode: 'CZ', latitude: 49.1886, longitude: 16.6178 },
  { retailerId: 'billa', title: 'Billa Kobližná', address: 'Kobližná 4', city: 'Brno', countryCode: 'CZ', latitude: 49.1961, longitude: 16.6112 },
  { retailerId: 'lidl', title: 'Lidl Vídeňská', address: 'Vídeňská 100', city: 'Brno', countryCode: 'CZ', latitude: 49.1752, longitude: 16.5988 },
  { retailerId: 'penny', title: 'Penny Hradecká', address: 'Hradecká 40', city: 'Brno', countryCode: 'CZ', latitude: 49.2288, longitude: 16.5802 },
  // Bucharest
  { retailerId: 'mega-image', title: 'Mega Image Academiei', address: 'Strada Academiei 7', city: 'București', countryCode: 'RO', latitude: 44.4351, longitude: 26.0991 },
  { retailerId: 'carrefour', title: 'Carrefour Plaza România', address: 'Bulevardul Timișoara 26', city: 'București', countryCode: 'RO', latitude: 44.4291, longitude: 26.0339 },
  { retailerId: 'kaufland', title: 'Kaufland Moșilor', address: 'Calea Moșilor 232', city: 'București', countryCode: 'RO', latitude: 44.4456, longitude: 26.1118 },
  { retailerId: 'lidl', title: 'Lidl Basarabia', address: 'Bulevardul Basarabia 66', city: 'București', countryCode: 'RO', latitude: 44.4319, longitude: 26.1531 },
  { retailerId: 'penny', title: 'Penny Drumul Taberei', address: 'Strada Drumul Taberei 94', city: 'București', countryCode: 'RO', latitude: 44.4201, longitude: 26.0321 },
  { retailerId: 'mega-image', title: 'Mega Image Unirii', address: 'Bulevardul Unirii 72', city: 'București', countryCode: 'RO', latitude: 44.4268, longitude: 26.1129 },
  // Cluj-Napoca
  { retailerId: 'kaufland', title: 'Kaufland Fabricii de Zahăr', address: 'Strada Fabricii de Zahăr 2', city: 'Cluj-Napoca', countryCode: 'RO', latitude: 46.7819, longitude: 23.6178 },
  { retailerId: 'lidl', title: 'Lidl Calea Florești', address: 'Calea Florești 65', city: 'Cluj-Napoca', countryCode: 'RO', latitude: 46.7581, longitude: 23.5459 },
  { retailerId: 'mega-image', title: 'Mega Image Memorandumului', address: 'Strada Memorandumului 2', city: 'Cluj-Napoca', countryCode: 'RO', latitude: 46.7701, longitude: 23.5868 },
  { retailerId: 'carrefour', title: 'Carrefour Iulius Mall', address: 'Strada Alexandru Vaida Voevod 53B', city: 'Cluj-Napoca', countryCode: 'RO', latitude: 46.7711, longitude: 23.6261 },
  { retailerId: 'penny', title: 'Penny Aurel Vlaicu', address: 'Strada Aurel Vlaicu 2', city: 'Cluj-Napoca', countryCode: 'RO', latitude: 46.7801, longitude: 23.6349 },
];

export interface SeedTraining {
  id: string;
  title: string;
  filterTitle: string;
  link: string;
  ndaProtected: boolean;
  isRequired: boolean;
  /** Days before the seeding time. */
  ageDays: number;
}

export const SEED_TRAININGS: SeedTraining[] = [
  { id: 'basics', title: 'Shelfwork basics: how tasks work', filterTitle: 'Basics', link: 'https://learn.shelfwork.app/basics', ndaProtected: false, isRequired: true, ageDays: 400 },
  { id: 'photo-standards', title: 'Photo standards for shelf photos', filterTitle: 'Photos', link: 'https://learn.shelfwork.app/photo-standards', ndaProtected: false, isRequired: true, ageDays: 380 },
  { id: 'barcode-scanning', title: 'Scanning barcodes and counting facings', filterTitle: 'Scanning', link: 'https://learn.shelfwork.app/barcode-scanning', ndaProtected: false, isRequired: true, ageDays: 300 },
  { id: 'defects-food-safety', title: 'Spotting defects and food-safety issues', filterTitle: 'Defects', link: 'https://learn.shelfwork.app/defects', ndaProtected: false, isRequired: false, ageDays: 200 },
  { id: 'confidential-planograms', title: 'Confidential planograms (NDA)', filterTitle: 'Restocking', link: 'https://learn.shelfwork.app/nda/planograms', ndaProtected: true, isRequired: false, ageDays: 150 },
  { id: 'promo-displays', title: 'Promo displays: winter campaign', filterTitle: 'Promotions', link: 'https://learn.shelfwork.app/promo-displays', ndaProtected: false, isRequired: false, ageDays: 12 },
];

export interface SeedTaskType {
  id: string;
  title: string;
  shortDescription: string;
  fullDescription: string;
  filterTitle: string;
  ndaProtected: boolean;
  trainingIds: string[];
  ageDays: number;
  /** Relative frequency in the generated tasks. */
  weight: number;
  titlePrefix: string;
  /** Expected durations (minutes) to choose from. */
  durations: number[];
}

export const SEED_TASK_TYPES: SeedTaskType[] = [
  {
    id: 'shelf-photo',
    title: 'Shelf photo',
    shortDescription: 'Photograph one category shelf so the brand can check its planogram.',
    fullDescription: `## What to do\n\n1. Find the category bay (ask staff if needed).\n2. Take **one photo per shelf section**, straight on, from about 1.5 m.\n3. Make sure price labels are readable.\n\n## Tips\n\n- No flash; avoid reflections on glass doors.\n- If the shelf is being refilled, wait or note it in the comment.\n\nSee the [photo guide](https://help.shelfwork.app/guides/shelf-photos).`,
    filterTitle: 'Photos',
    ndaProtected: false,
    trainingIds: ['photo-standards'],
    ageDays: 420,
    weight: 30,
    titlePrefix: 'Shelf photo',
    durations: [30, 45, 60],
  },
  {
    id: 'sku-scan',
    title: 'SKU scan with facings',
    shortDescription: 'Scan every listed product on the shelf and count its facings.',
    fullDescription: `## What to do\n\n1. Open the product list of the task.\n2. Scan each product's **EAN** (on the product or the shelf label).\n3. Count the **facings**: products visible in the front row (0–99).\n\n## Rules\n\n- A product you cannot find has 0 facings.\n- Do not count products in the back stock.\n\n> Invalid EAN? Scan directly from the product or select it from the list.`,
    filterTitle: 'Scanning',
    ndaProtected: false,
    trainingIds: ['barcode-scanning'],
    ageDays: 410,
    weight: 25,
    titlePrefix: 'SKU scan',
    durations: [45, 60, 90, 120],
  },
  {
    id: 'stock-check',
    title: 'Stock check',
    shortDescription: 'Check which listed products are out of stock and photograph the gaps.',
    fullDescription: `## What to do\n\n1. Walk the category and compare it with the product list.\n2. Scan every product that is **missing** (facings 0).\n3. Photograph empty slots with their price labels.\n\nAsk staff whether stock is in the back room and note the answer in your comment.`,
    filterTitle: 'Scanning',
    ndaProtected: false,
    trainingIds: ['barcode-scanning'],
    ageDays: 390,
    weight: 15,
    titlePrefix: 'Stock check',
    durations: [30, 45, 60],
  },
  {
    id: 'defects',
    title: 'Defect check',
    shortDescription: 'Look for damaged packaging, expired products and missing price tags.',
    fullDescription: `## What to do\n\n1. Check every shelf of the category.\n2. Tick each **defect** you find and photograph it.\n3. If the area is closed or you are refused access, report a **task blocker**.\n\n### Defects we track\n\n- Damaged packaging\n- Expired products\n- Missing or wrong price tags\n- Dirty or broken shelves`,
    filterTitle: 'Defects',
    ndaProtected: false,
    trainingIds: ['defects-food-safety'],
    ageDays: 360,
    weight: 10,
    titlePrefix: 'Defect check',
    durations: [45, 60, 90],
  },
  {
    id: 'restocking',
    title: 'Restocking',
    shortDescription: 'Refill the shelf from the back room according to the confidential planogram.',
    fullDescription: `## What to do\n\n1. Photograph the shelf **before**.\n2. Bring stock from the back room (ask the manager for access).\n3. Fill the shelf following the planogram: **first in, first out**.\n4. Photograph the shelf **after**.\n\nThe planogram is confidential: do not share photos of it.`,
    filterTitle: 'Restocking',
    ndaProtected: true,
    trainingIds: ['confidential-planograms'],
    ageDays: 300,
    weight: 12,
    titlePrefix: 'Restocking',
    durations: [90, 120, 150, 180],
  },
  {
    id: 'promo-display',
    title: 'Promo display check',
    shortDescription: 'Check that the winter promo display is built, stocked and priced.',
    fullDescription: `## What to do\n\n1. Find the promo display (usually near the entrance).\n2. Photograph the **whole display** with price tags visible.\n3. Confirm it is in the agreed position.\n\nNew this season: complete the *Promo displays* training first.`,
    filterTitle: 'Promotions',
    ndaProtected: false,
    trainingIds: ['promo-displays'],
    ageDays: 20,
    weight: 8,
    titlePrefix: 'Promo display',
    durations: [30, 45],
  },
];

export const SEED_CATEGORIES = [
  'dairy',
  'soft drinks',
  'coffee and tea',
  'salty snacks',
  'breakfast cereals',
  'household cleaning',
  'baby food',
  'frozen food',
  'confectionery',
  'pet food',
];

export const SEED_BRANDS = ['Coca-Cola', 'Nestlé', 'Danone', 'Mondelēz', 'PepsiCo', 'Unilever', 'Mars', 'Ferrero', 'Henkel', 'Procter & Gamble'];

/** Products per market: brand and name (in the market's language); EANs are generated with valid check digits. */
export const SEED_PRODUCTS: Record<SeedCountry['code'], { brand: string; name: string }[]> = {
  LT: [
    { brand: 'Rokiškio', name: 'Rokiškio sūris 45% 240 g' },
    { brand: 'Žemaitijos pienas', name: 'Džiugas sūris 12 mėn. 180 g' },
    { brand: 'Vilniaus duona', name: 'Bočių ruginė duona 800 g' },
    { brand: 'Švyturys', name: 'Švyturys Ekstra 0,5 l skardinė' },
    { brand: 'Coca-Cola', name: 'Coca-Cola Zero 1,5 l' },
    { brand: 'Nestlé', name: 'Nescafé Gold 200 g' },
    { brand: 'Kalev', name: 'Juodasis šokoladas 70 % 100 g' },
    { brand: 'Tichė', name: 'Tichė gazuotas vanduo 1,5 l' },
  ],
  PL: [
    { brand: 'Mlekpol', name: 'Mleko Łaciate 3,2% 1 l' },
    { brand: 'Tymbark', name: 'Tymbark jabłko-mięta 1 l' },
    { brand: 'E. Wedel', name: 'Ptasie Mleczko waniliowe 380 g' },
    { brand: 'Żywiec', name: 'Żywiec Zdrój niegazowana 1,5 l' },
    { brand: 'Lay’s', name: 'Lay’s Fromage 140 g' },
    { brand: 'Prince Polo', name: 'Prince Polo XXL 50 g' },
    { brand: 'Pudliszki', name: 'Ketchup Pudliszki łagodny 480 g' },
    { brand: 'Danone', name: 'Danio waniliowe 140 g' },
  ],
  CZ: [
    { brand: 'Kofola', name: 'Kofola Originál 2 l' },
    { brand: 'Madeta', name: 'Madeta Jihočeské máslo 250 g' },
    { brand: 'Pilsner Urquell', name: 'Pilsner Urquell 0,5 l láhev' },
    { brand: 'Orion', name: 'Orion Studentská pečeť 180 g' },
    { brand: 'Opavia', name: 'Tatranky lískooříškové 47 g' },
    { brand: 'Mattoni', name: 'Mattoni perlivá 1,5 l' },
    { brand: 'Hamé', name: 'Hamé Májka paštika 120 g' },
    { brand: 'Nestlé', name: 'Cereálie Nesquik 375 g' },
  ],
  RO: [
    { brand: 'Borsec', name: 'Borsec apă minerală carbogazoasă 2 l' },
    { brand: 'Napolact', name: 'Chefir Napolact 330 g' },
    { brand: 'Ursus', name: 'Ursus Premium doză 0,5 l' },
    { brand: 'Rom', name: 'Baton ROM 30 g' },
    { brand: 'Dorna', name: 'Dorna apă plată 2 l' },
    { brand: 'Poiana', name: 'Ciocolată cu lapte Poiana 90 g' },
    { brand: 'Doncafé', name: 'Doncafé Elita 250 g' },
    { brand: 'Arcor', name: 'Ulei de floarea-soarelui Arcor 1 l' },
  ],
};

export const SEED_DEFECTS: { id: string; name: string; type: 'regular' | 'task_blocker' }[] = [
  { id: 'damaged-packaging', name: 'Damaged packaging', type: 'regular' },
  { id: 'expired-product', name: 'Expired product', type: 'regular' },
  { id: 'missing-price-tag', name: 'Missing price tag', type: 'regular' },
  { id: 'wrong-price-tag', name: 'Wrong price tag', type: 'regular' },
  { id: 'dirty-shelf', name: 'Dirty shelf', type: 'regular' },
  { id: 'broken-shelf', name: 'Broken shelf', type: 'task_blocker' },
  { id: 'area-closed', name: 'Area closed or cordoned off', type: 'task_blocker' },
  { id: 'access-refused', name: 'Store refused access', type: 'task_blocker' },
];

/** The demo password of every demo account (docs/api.md). */
export const DEMO_PASSWORD = 'demo1234';

/** Fleet partners per market (payment documents outside LT): made-up companies, reserved .example addresses. */
export const SEED_FLEET_PARTNERS: { id: string; countryCode: 'PL' | 'CZ' | 'RO'; shortName: string; url: string }[] = [
  { id: 'pl-flota-wisla', countryCode: 'PL', shortName: 'Flota Wisła', url: 'https://flota-wisla.example/rejestracja' },
  { id: 'pl-partner-mazowsze', countryCode: 'PL', shortName: 'Partner Mazowsze', url: 'https://partner-mazowsze.example/dolacz' },
  { id: 'pl-szybka-flota', countryCode: 'PL', shortName: 'Szybka Flota', url: 'https://szybka-flota.example/' },
  { id: 'cz-vltava-fleet', countryCode: 'CZ', shortName: 'Vltava Fleet', url: 'https://vltava-fleet.example/registrace' },
  { id: 'cz-morava-partner', countryCode: 'CZ', shortName: 'Morava Partner', url: 'https://morava-partner.example/' },
  { id: 'ro-dunarea-fleet', countryCode: 'RO', shortName: 'Dunărea Fleet', url: 'https://dunarea-fleet.example/inregistrare' },
  { id: 'ro-carpati-parteneri', countryCode: 'RO', shortName: 'Carpați Parteneri', url: 'https://carpati-parteneri.example/' },
  { id: 'ro-flota-est', countryCode: 'RO', shortName: 'Flota Est', url: 'https://flota-est.example/aplica' },
];

/** The business a tasker contracts with in each market (GET country/business): made up. */
export const SEED_BUSINESSES: { id: string; countryCode: 'LT' | 'PL' | 'CZ' | 'RO'; name: string; registrationNumber: string; address: string }[] = [
  { id: 'lt-shelfwork', countryCode: 'LT', name: 'UAB Shelfwork Baltic', registrationNumber: '305000001', address: 'Konstitucijos pr. 7, LT-09308 Vilnius' },
  { id: 'pl-shelfwork', countryCode: 'PL', name: 'Shelfwork Polska sp. z o.o.', registrationNumber: '0000900001', address: 'ul. Prosta 20, 00-850 Warszawa' },
  { id: 'cz-shelfwork', countryCode: 'CZ', name: 'Shelfwork Česko s.r.o.', registrationNumber: '09000001', address: 'Na Příkopě 15, 110 00 Praha 1' },
  { id: 'ro-shelfwork', countryCode: 'RO', name: 'Shelfwork România S.R.L.', registrationNumber: 'J40/1000/2020', address: 'Bulevardul Unirii 15, 030167 București' },
];

/** Support and supervisor contacts per market (GET country/supervisor): made-up people, reserved .example mail. */
export const SEED_CONTACTS: { countryCode: 'LT' | 'PL' | 'CZ' | 'RO'; supportPhone: string; supportEmail: string; supervisor: { name: string; phone: string; email: string } }[] = [
  { countryCode: 'LT', supportPhone: '+370 5 200 0000', supportEmail: 'pagalba@shelfwork.example', supervisor: { name: 'Rasa Jankauskienė', phone: '+370 612 00001', email: 'rasa.j@shelfwork.example' } },
  { countryCode: 'PL', supportPhone: '+48 22 100 00 00', supportEmail: 'pomoc@shelfwork.example', supervisor: { name: 'Tomasz Kowalczyk', phone: '+48 512 000 001', email: 'tomasz.k@shelfwork.example' } },
  { countryCode: 'CZ', supportPhone: '+420 222 000 000', supportEmail: 'podpora@shelfwork.example', supervisor: { name: 'Lucie Horáková', phone: '+420 601 000 001', email: 'lucie.h@shelfwork.example' } },
  { countryCode: 'RO', supportPhone: '+40 21 300 0000', supportEmail: 'ajutor@shelfwork.example', supervisor: { name: 'Ioana Dumitrescu', phone: '+40 712 000 001', email: 'ioana.d@shelfwork.example' } },
];

/**
 * The reviewed demo accounts' profiles: valid test identifiers made for the demo (they pass the
 * checksums and birth dates of src/domain/profile.ts; no real person's), IBANs with valid
 * checksums. PL has no IBAN (hidden there); outside LT the payment documents are a fleet partner.
 */
export const SEED_PROFILES: Record<string, { nationalId: string; iban: string | null; address: string; fleetPartnerId?: string }> = {
  'lt@demo.shelfwork.app': { nationalId: '49005150000', iban: 'LT717300010123456789', address: 'Vilniaus g. 12-3, Vilnius' },
  'pl@demo.shelfwork.app': { nationalId: '91042300001', iban: null, address: 'ul. Hoża 40 m. 5, Warszawa', fleetPartnerId: 'pl-flota-wisla' },
  'cz@demo.shelfwork.app': { nationalId: '9356180009', iban: 'CZ6508000000192000145399', address: 'Korunní 32, Praha 2', fleetPartnerId: 'cz-vltava-fleet' },
  'ro@demo.shelfwork.app': { nationalId: '1890914400004', iban: 'RO80BTRL0000000012345678', address: 'Strada Lipscani 25, București', fleetPartnerId: 'ro-dunarea-fleet' },
  'pending@demo.shelfwork.app': { nationalId: '39508120008', iban: 'LT897044060001234567', address: 'Savanorių pr. 50-7, Kaunas' },
  'rejected@demo.shelfwork.app': { nationalId: '49203070004', iban: 'LT237300010987654321', address: 'Didžioji g. 5, Vilnius' },
  'deactivated@demo.shelfwork.app': { nationalId: '8811020009', iban: 'CZ9455000000001011038930', address: 'Vinohradská 10, Praha 2', fleetPartnerId: 'cz-morava-partner' },
};
