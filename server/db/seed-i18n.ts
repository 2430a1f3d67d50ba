/**
 * The seeded demo tasks in their market's language: a Lithuanian tasker's demo tasks
 * read in Lithuanian, a Polish one's in Polish, and so on (the spec's markets each have their
 * language: LT lt, PL pl, CZ cs, RO ro). The seed writes each market's task titles, checklist items
 * and comments through `seedText`; anything without a translation stays English. Tasks staff
 * create (and the test worlds) keep the English templates of server/tasks/checklists.ts.
 * Missions, payout adjustments and the staff's review comments are per market and go through
 * `seedText` too. Task types, trainings and defects are one row for all markets: their texts per
 * locale are below (TASK_TYPE_TEXTS…), written beside the row (migration 0009).
 */
import type { CountryCode } from '#domain/types';

type Texts = Record<string, string>;

const LT: Texts = {
  'Shelf photo': 'Lentynos nuotrauka',
  'SKU scan': 'Prekių skenavimas',
  'Stock check': 'Likučių patikra',
  'Defect check': 'Trūkumų patikra',
  Restocking: 'Lentynų papildymas',
  'Promo display': 'Akcijos stendas',
  dairy: 'pieno produktai',
  'soft drinks': 'gaivieji gėrimai',
  'coffee and tea': 'kava ir arbata',
  'salty snacks': 'sūrūs užkandžiai',
  'breakfast cereals': 'pusryčių dribsniai',
  'household cleaning': 'buitinė chemija',
  'baby food': 'kūdikių maistas',
  'frozen food': 'šaldyti produktai',
  confectionery: 'saldumynai',
  'pet food': 'gyvūnų ėdalas',
  'Check in with the store manager': 'Prisistatykite parduotuvės vadovui',
  'Introduce yourself, show the letter of authority if asked, and ask where the category is.': 'Prisistatykite, paprašius parodykite įgaliojimą ir paklauskite, kur yra kategorija.',
  'Photo of the shelf before': 'Lentynos nuotrauka prieš',
  'The whole bay, straight on, labels readable.': 'Visa sekcija, iš priekio, etiketės įskaitomos.',
  'Photo of the shelf after': 'Lentynos nuotrauka po',
  'Same angle as the before photo.': 'Tuo pačiu kampu kaip nuotrauka prieš.',
  'Open the photo guide': 'Atidarykite fotografavimo gidą',
  'Scan every listed product and count facings': 'Nuskaitykite kiekvieną sąrašo prekę ir suskaičiuokite matomas prekes',
  'Scan the EAN on the product or the shelf label, then enter the facings (0–99).': 'Nuskaitykite EAN ant prekės arba lentynos etiketės, tada įveskite matomų prekių skaičių (0–99).',
  'Scan products that are out of stock': 'Nuskaitykite išparduotas prekes',
  'Facings 0 means the slot is empty.': '0 reiškia, kad vieta tuščia.',
  'Photo of empty slots': 'Tuščių vietų nuotrauka',
  'Report defects': 'Pažymėkite trūkumus',
  'Tick every defect you see on the shelf and photograph it.': 'Pažymėkite kiekvieną lentynoje pastebėtą trūkumą ir jį nufotografuokite.',
  'Restock from the back room': 'Papildykite iš sandėlio',
  'First in, first out: older dates to the front.': 'Pirmas atėjo – pirmas išėjo: senesnės datos į priekį.',
  'Photo of the promo display': 'Akcijos stendo nuotrauka',
  'Whole display, price tags visible.': 'Visas stendas, kainų etiketės matomos.',
  'Confirm the display is at the store entrance': 'Patvirtinkite, kad stendas yra prie parduotuvės įėjimo',
  'Photos were blurry and two shelves were missing. Reward reduced by half.': 'Nuotraukos buvo neryškios, trūko dviejų lentynų. Atlygis sumažintas perpus.',
  'Good work, thank you!': 'Puikus darbas, ačiū!',
  'Done. The back room was locked, asked the manager for access.': 'Atlikta. Sandėlis buvo užrakintas, paprašiau vadovo leidimo.',
  'Planogram for this bay: {link} — ask for the shift manager at the information desk.': 'Šios sekcijos planograma: {link} — informacijos stende paklauskite pamainos vadovo.',
  'Enter through the goods entrance on the side street and sign in at security. Store details: {link}': 'Įeikite pro prekių įvažiavimą iš šoninės gatvės ir užsiregistruokite apsaugoje. Parduotuvės informacija: {link}',
  'Focus on the {brand} products; the client checks price labels this week. Questions: {link}': 'Daugiausia dėmesio skirkite {brand} prekėms; šią savaitę klientas tikrina kainų etiketes. Klausimai: {link}',
  'Welcome to Shelfwork: finish the basics training': 'Sveiki atvykę į Shelfwork: baikite pagrindų mokymus',
  'Shelf photo week: complete 3 shelf photo tasks within 7 days and earn a bonus on top of the task rewards': 'Lentynų nuotraukų savaitė: per 7 dienas atlikite 3 lentynos nuotraukos užduotis ir gaukite priedą prie užduočių atlygio',
  'Scanning sprint': 'Skenavimo sprintas',
  'Photos of one shelf were missing (found after acceptance)': 'Trūko vienos lentynos nuotraukų (pastebėta po patvirtinimo)',
  'The IBAN does not match the account holder name. Please enter an account in your own name.': 'IBAN neatitinka sąskaitos savininko vardo. Įveskite sąskaitą, kuri yra jūsų vardu.',
};

const PL: Texts = {
  'Shelf photo': 'Zdjęcie półki',
  'SKU scan': 'Skan produktów',
  'Stock check': 'Kontrola stanów',
  'Defect check': 'Kontrola usterek',
  Restocking: 'Uzupełnianie półek',
  'Promo display': 'Ekspozycja promocyjna',
  dairy: 'nabiał',
  'soft drinks': 'napoje',
  'coffee and tea': 'kawa i herbata',
  'salty snacks': 'słone przekąski',
  'breakfast cereals': 'płatki śniadaniowe',
  'household cleaning': 'chemia domowa',
  'baby food': 'żywność dla dzieci',
  'frozen food': 'mrożonki',
  confectionery: 'słodycze',
  'pet food': 'karma dla zwierząt',
  'Check in with the store manager': 'Zgłoś się do kierownika sklepu',
  'Introduce yourself, show the letter of authority if asked, and ask where the category is.': 'Przedstaw się, na prośbę pokaż upoważnienie i zapytaj, gdzie jest kategoria.',
  'Photo of the shelf before': 'Zdjęcie półki przed',
  'The whole bay, straight on, labels readable.': 'Cały regał, na wprost, etykiety czytelne.',
  'Photo of the shelf after': 'Zdjęcie półki po',
  'Same angle as the before photo.': 'Pod tym samym kątem co zdjęcie przed.',
  'Open the photo guide': 'Otwórz przewodnik fotograficzny',
  'Scan every listed product and count facings': 'Zeskanuj każdy produkt z listy i policz facingi',
  'Scan the EAN on the product or the shelf label, then enter the facings (0–99).': 'Zeskanuj EAN z produktu lub etykiety półkowej, potem wpisz liczbę facingów (0–99).',
  'Scan products that are out of stock': 'Zeskanuj brakujące produkty',
  'Facings 0 means the slot is empty.': '0 facingów oznacza puste miejsce.',
  'Photo of empty slots': 'Zdjęcie pustych miejsc',
  'Report defects': 'Zgłoś usterki',
  'Tick every defect you see on the shelf and photograph it.': 'Zaznacz każdą usterkę na półce i zrób jej zdjęcie.',
  'Restock from the back room': 'Uzupełnij z magazynu',
  'First in, first out: older dates to the front.': 'Pierwsze weszło, pierwsze wychodzi: starsze daty do przodu.',
  'Photo of the promo display': 'Zdjęcie ekspozycji promocyjnej',
  'Whole display, price tags visible.': 'Cała ekspozycja, ceny widoczne.',
  'Confirm the display is at the store entrance': 'Potwierdź, że ekspozycja stoi przy wejściu do sklepu',
  'Photos were blurry and two shelves were missing. Reward reduced by half.': 'Zdjęcia były nieostre i brakowało dwóch półek. Wynagrodzenie obniżone o połowę.',
  'Good work, thank you!': 'Dobra robota, dziękujemy!',
  'Done. The back room was locked, asked the manager for access.': 'Zrobione. Magazyn był zamknięty, poprosiłem kierownika o dostęp.',
  'Planogram for this bay: {link} — ask for the shift manager at the information desk.': 'Planogram tego regału: {link} — zapytaj o kierownika zmiany w punkcie informacji.',
  'Enter through the goods entrance on the side street and sign in at security. Store details: {link}': 'Wejdź wejściem towarowym od bocznej ulicy i zgłoś się do ochrony. Dane sklepu: {link}',
  'Focus on the {brand} products; the client checks price labels this week. Questions: {link}': 'Skup się na produktach {brand}; w tym tygodniu klient sprawdza etykiety cenowe. Pytania: {link}',
  'Welcome to Shelfwork: finish the basics training': 'Witaj w Shelfwork: ukończ szkolenie z podstaw',
  'Shelf photo week: complete 3 shelf photo tasks within 7 days and earn a bonus on top of the task rewards': 'Tydzień zdjęć półek: wykonaj 3 zadania „Zdjęcie półki” w 7 dni i zdobądź premię do wynagrodzenia za zadania',
  'Scanning sprint': 'Sprint skanowania',
  'Photos of one shelf were missing (found after acceptance)': 'Brakowało zdjęć jednej półki (wykryto po akceptacji)',
  'The IBAN does not match the account holder name. Please enter an account in your own name.': 'IBAN nie zgadza się z nazwiskiem właściciela konta. Podaj konto na swoje nazwisko.',
};

const CZ: Texts = {
  'Shelf photo': 'Fotka regálu',
  'SKU scan': 'Sken produktů',
  'Stock check': 'Kontrola zásob',
  'Defect check': 'Kontrola závad',
  Restocking: 'Doplnění regálu',
  'Promo display': 'Promo vystavení',
  dairy: 'mléčné výrobky',
  'soft drinks': 'nealko nápoje',
  'coffee and tea': 'káva a čaj',
  'salty snacks': 'slané snacky',
  'breakfast cereals': 'snídaňové cereálie',
  'household cleaning': 'drogerie a úklid',
  'baby food': 'dětská výživa',
  'frozen food': 'mražené potraviny',
  confectionery: 'cukrovinky',
  'pet food': 'krmivo pro zvířata',
  'Check in with the store manager': 'Ohlaste se vedoucímu prodejny',
  'Introduce yourself, show the letter of authority if asked, and ask where the category is.': 'Představte se, na požádání ukažte pověření a zeptejte se, kde je kategorie.',
  'Photo of the shelf before': 'Fotka regálu před',
  'The whole bay, straight on, labels readable.': 'Celý regál, zepředu, cenovky čitelné.',
  'Photo of the shelf after': 'Fotka regálu po',
  'Same angle as the before photo.': 'Ze stejného úhlu jako fotka před.',
  'Open the photo guide': 'Otevřete návod k focení',
  'Scan every listed product and count facings': 'Naskenujte každý produkt ze seznamu a spočítejte facingy',
  'Scan the EAN on the product or the shelf label, then enter the facings (0–99).': 'Naskenujte EAN z produktu nebo cenovky a zadejte počet facingů (0–99).',
  'Scan products that are out of stock': 'Naskenujte chybějící produkty',
  'Facings 0 means the slot is empty.': '0 facingů znamená prázdné místo.',
  'Photo of empty slots': 'Fotka prázdných míst',
  'Report defects': 'Nahlaste závady',
  'Tick every defect you see on the shelf and photograph it.': 'Zaškrtněte každou závadu v regálu a vyfoťte ji.',
  'Restock from the back room': 'Doplňte ze skladu',
  'First in, first out: older dates to the front.': 'První dovnitř, první ven: starší data dopředu.',
  'Photo of the promo display': 'Fotka promo vystavení',
  'Whole display, price tags visible.': 'Celé vystavení, cenovky viditelné.',
  'Confirm the display is at the store entrance': 'Potvrďte, že vystavení je u vchodu do prodejny',
  'Photos were blurry and two shelves were missing. Reward reduced by half.': 'Fotky byly rozmazané a chyběly dva regály. Odměna snížena na polovinu.',
  'Good work, thank you!': 'Dobrá práce, děkujeme!',
  'Done. The back room was locked, asked the manager for access.': 'Hotovo. Sklad byl zamčený, požádal jsem vedoucího o přístup.',
  'Planogram for this bay: {link} — ask for the shift manager at the information desk.': 'Planogram tohoto regálu: {link} — na informacích se zeptejte na vedoucího směny.',
  'Enter through the goods entrance on the side street and sign in at security. Store details: {link}': 'Vstupte zásobovacím vchodem z boční ulice a ohlaste se u ostrahy. Údaje o prodejně: {link}',
  'Focus on the {brand} products; the client checks price labels this week. Questions: {link}': 'Zaměřte se na produkty {brand}; klient tento týden kontroluje cenovky. Dotazy: {link}',
  'Welcome to Shelfwork: finish the basics training': 'Vítejte v Shelfwork: dokončete školení Základy',
  'Shelf photo week: complete 3 shelf photo tasks within 7 days and earn a bonus on top of the task rewards': 'Týden fotek regálů: splňte do 7 dnů 3 úkoly Fotka regálu a získejte bonus navíc k odměnám za úkoly',
  'Scanning sprint': 'Skenovací sprint',
  'Photos of one shelf were missing (found after acceptance)': 'Chyběly fotky jednoho regálu (zjištěno po schválení)',
  'The IBAN does not match the account holder name. Please enter an account in your own name.': 'IBAN neodpovídá jménu majitele účtu. Zadejte účet vedený na vaše jméno.',
};

const RO: Texts = {
  'Shelf photo': 'Fotografie raft',
  'SKU scan': 'Scanare produse',
  'Stock check': 'Verificare stoc',
  'Defect check': 'Verificare defecte',
  Restocking: 'Reaprovizionare raft',
  'Promo display': 'Display promoțional',
  dairy: 'lactate',
  'soft drinks': 'băuturi răcoritoare',
  'coffee and tea': 'cafea și ceai',
  'salty snacks': 'snacksuri sărate',
  'breakfast cereals': 'cereale pentru micul dejun',
  'household cleaning': 'curățenie casnică',
  'baby food': 'hrană pentru bebeluși',
  'frozen food': 'produse congelate',
  confectionery: 'dulciuri',
  'pet food': 'hrană pentru animale',
  'Check in with the store manager': 'Prezintă-te la managerul magazinului',
  'Introduce yourself, show the letter of authority if asked, and ask where the category is.': 'Prezintă-te, arată împuternicirea dacă ți se cere și întreabă unde este categoria.',
  'Photo of the shelf before': 'Fotografia raftului înainte',
  'The whole bay, straight on, labels readable.': 'Tot raftul, din față, etichetele lizibile.',
  'Photo of the shelf after': 'Fotografia raftului după',
  'Same angle as the before photo.': 'Din același unghi ca fotografia de dinainte.',
  'Open the photo guide': 'Deschide ghidul foto',
  'Scan every listed product and count facings': 'Scanează fiecare produs din listă și numără fețele de raft',
  'Scan the EAN on the product or the shelf label, then enter the facings (0–99).': 'Scanează EAN-ul de pe produs sau de pe eticheta raftului, apoi introdu fețele de raft (0–99).',
  'Scan products that are out of stock': 'Scanează produsele lipsă din stoc',
  'Facings 0 means the slot is empty.': '0 fețe înseamnă că locul este gol.',
  'Photo of empty slots': 'Fotografia locurilor goale',
  'Report defects': 'Raportează defectele',
  'Tick every defect you see on the shelf and photograph it.': 'Bifează fiecare defect văzut pe raft și fotografiază-l.',
  'Restock from the back room': 'Reaprovizionează din depozit',
  'First in, first out: older dates to the front.': 'Primul intrat, primul ieșit: datele mai vechi în față.',
  'Photo of the promo display': 'Fotografia displayului promoțional',
  'Whole display, price tags visible.': 'Tot displayul, prețurile vizibile.',
  'Confirm the display is at the store entrance': 'Confirmă că displayul este la intrarea în magazin',
  'Photos were blurry and two shelves were missing. Reward reduced by half.': 'Fotografiile au fost neclare și lipseau două rafturi. Recompensa a fost redusă la jumătate.',
  'Good work, thank you!': 'Treabă bună, mulțumim!',
  'Done. The back room was locked, asked the manager for access.': 'Gata. Depozitul era încuiat, am cerut acces de la manager.',
  'Planogram for this bay: {link} — ask for the shift manager at the information desk.': 'Planograma acestui raft: {link} — întreabă de șeful de tură la punctul de informații.',
  'Enter through the goods entrance on the side street and sign in at security. Store details: {link}': 'Intră pe la intrarea de marfă de pe strada laterală și anunță-te la pază. Detalii magazin: {link}',
  'Focus on the {brand} products; the client checks price labels this week. Questions: {link}': 'Concentrează-te pe produsele {brand}; clientul verifică etichetele de preț săptămâna aceasta. Întrebări: {link}',
  'Welcome to Shelfwork: finish the basics training': 'Bine ai venit la Shelfwork: parcurge instruirea de bază',
  'Shelf photo week: complete 3 shelf photo tasks within 7 days and earn a bonus on top of the task rewards': 'Săptămâna fotografiilor de raft: finalizează 3 sarcini de fotografie raft în 7 zile și primești un bonus pe lângă recompensele sarcinilor',
  'Scanning sprint': 'Sprint de scanare',
  'Photos of one shelf were missing (found after acceptance)': 'Lipseau fotografiile unui raft (observat după acceptare)',
  'The IBAN does not match the account holder name. Please enter an account in your own name.': 'IBAN-ul nu corespunde cu numele titularului contului. Introdu un cont pe numele tău.',
};

export const SEED_TEXTS: Partial<Record<CountryCode, Texts>> = { LT, PL, CZ, RO };

/** The market's words for a seeded English text (placeholders filled), or the English. */
export function seedText(country: CountryCode | string, english: string, values: Record<string, string> = {}): string {
  const text = SEED_TEXTS[country as CountryCode]?.[english] ?? english;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

// ---------------------------------------------------------------------------------------------
// Reference rows (task types, trainings, defects): one row each for all markets, their texts per
// locale in the row's `translations` (migration 0009, docs/decisions/0008); the server picks the
// market's locale (server/catalog/localize.ts). Keyed by the rows' ids in seed-data.ts.

export type SeedLocale = 'lt' | 'pl' | 'cs' | 'ro';
export const SEED_LOCALES: readonly SeedLocale[] = ['lt', 'pl', 'cs', 'ro'];

type PerLocale<T> = Record<SeedLocale, T>;

/** The filter (category) titles task types and trainings share. */
const FILTERS: Record<string, PerLocale<string>> = {
  Basics: { lt: 'Pagrindai', pl: 'Podstawy', cs: 'Základy', ro: 'Noțiuni de bază' },
  Photos: { lt: 'Nuotraukos', pl: 'Zdjęcia', cs: 'Fotky', ro: 'Fotografii' },
  Scanning: { lt: 'Skenavimas', pl: 'Skanowanie', cs: 'Skenování', ro: 'Scanare' },
  Defects: { lt: 'Defektai', pl: 'Usterki', cs: 'Vady', ro: 'Defecte' },
  Restocking: { lt: 'Papildymas', pl: 'Uzupełnianie', cs: 'Doplňování', ro: 'Reaprovizionare' },
  Promotions: { lt: 'Akcijos', pl: 'Promocje', cs: 'Akce', ro: 'Promoții' },
};

/** A seeded filter title in a locale (the English when it has none). */
export function seedFilterTitle(english: string, locale: SeedLocale): string {
  return FILTERS[english]?.[locale] ?? english;
}

export interface TaskTypeTexts {
  title: string;
  shortDescription: string;
  fullDescription: string;
}

export const TASK_TYPE_TEXTS: Record<string, PerLocale<TaskTypeTexts>> = {
  'shelf-photo': {
    lt: {
      title: 'Lentynos nuotrauka',
      shortDescription: 'Nufotografuokite vienos kategorijos lentyną, kad prekės ženklas galėtų patikrinti savo planogramą.',
      fullDescription: `## Ką daryti\n\n1. Raskite kategorijos sekciją (jei reikia, paklauskite darbuotojų).\n2. Padarykite **po vieną nuotrauką kiekvienai lentynos daliai**, iš priekio, maždaug iš 1,5 m.\n3. Įsitikinkite, kad kainų etiketės įskaitomos.\n\n## Patarimai\n\n- Be blykstės; venkite atspindžių stiklinėse durelėse.\n- Jei lentyna pildoma, palaukite arba parašykite tai komentare.\n\nŽr. [fotografavimo gidą](https://help.shelfwork.app/guides/shelf-photos).`,
    },
    pl: {
      title: 'Zdjęcie półki',
      shortDescription: 'Sfotografuj półkę jednej kategorii, aby marka mogła sprawdzić swój planogram.',
      fullDescription: `## Co zrobić\n\n1. Znajdź regał z kategorią (w razie potrzeby zapytaj personel).\n2. Zrób **jedno zdjęcie każdej sekcji półki**, na wprost, z około 1,5 m.\n3. Upewnij się, że etykiety cenowe są czytelne.\n\n## Wskazówki\n\n- Bez lampy błyskowej; unikaj odbić na szklanych drzwiach.\n- Jeśli półka jest właśnie uzupełniana, poczekaj albo napisz o tym w komentarzu.\n\nZobacz [przewodnik fotograficzny](https://help.shelfwork.app/guides/shelf-photos).`,
    },
    cs: {
      title: 'Fotka regálu',
      shortDescription: 'Vyfoťte regál jedné kategorie, aby značka mohla zkontrolovat svůj planogram.',
      fullDescription: `## Co udělat\n\n1. Najděte regál s kategorií (v případě potřeby se zeptejte personálu).\n2. Pořiďte **jednu fotku každé části regálu**, zepředu, asi z 1,5 m.\n3. Zkontrolujte, že jsou cenovky čitelné.\n\n## Tipy\n\n- Bez blesku; vyhněte se odleskům na skleněných dvířkách.\n- Pokud se regál právě doplňuje, počkejte nebo to uveďte v komentáři.\n\nViz [návod k focení](https://help.shelfwork.app/guides/shelf-photos).`,
    },
    ro: {
      title: 'Fotografie raft',
      shortDescription: 'Fotografiază raftul unei categorii, ca brandul să-și poată verifica planograma.',
      fullDescription: `## Ce ai de făcut\n\n1. Găsește raftul categoriei (întreabă personalul dacă e nevoie).\n2. Fă **câte o fotografie pentru fiecare secțiune de raft**, din față, de la aproximativ 1,5 m.\n3. Verifică dacă etichetele de preț se pot citi.\n\n## Sfaturi\n\n- Fără bliț; evită reflexiile în ușile de sticlă.\n- Dacă raftul se reaprovizionează, așteaptă sau notează asta în comentariu.\n\nVezi [ghidul foto](https://help.shelfwork.app/guides/shelf-photos).`,
    },
  },
  'sku-scan': {
    lt: {
      title: 'Prekių skenavimas ir matomų prekių skaičius',
      shortDescription: 'Nuskaitykite kiekvieną sąrašo prekę lentynoje ir suskaičiuokite matomas prekes.',
      fullDescription: `## Ką daryti\n\n1. Atidarykite užduoties prekių sąrašą.\n2. Nuskaitykite kiekvienos prekės **EAN** (ant prekės arba lentynos etiketės).\n3. Suskaičiuokite **matomas prekes**: prekes pirmoje eilėje (0–99).\n\n## Taisyklės\n\n- Prekės, kurios neradote, skaičius yra 0.\n- Neskaičiuokite prekių sandėlyje.\n\n> Netinkamas EAN? Nuskaitykite tiesiai nuo prekės arba pasirinkite ją iš sąrašo.`,
    },
    pl: {
      title: 'Skan produktów z facingami',
      shortDescription: 'Zeskanuj każdy produkt z listy na półce i policz jego facingi.',
      fullDescription: `## Co zrobić\n\n1. Otwórz listę produktów zadania.\n2. Zeskanuj **EAN** każdego produktu (z opakowania lub etykiety półkowej).\n3. Policz **facingi**: produkty widoczne w pierwszym rzędzie (0–99).\n\n## Zasady\n\n- Produkt, którego nie możesz znaleźć, ma 0 facingów.\n- Nie licz produktów z zaplecza.\n\n> Nieprawidłowy EAN? Zeskanuj go bezpośrednio z produktu albo wybierz produkt z listy.`,
    },
    cs: {
      title: 'Sken produktů s facingy',
      shortDescription: 'Naskenujte každý produkt ze seznamu v regálu a spočítejte jeho facingy.',
      fullDescription: `## Co udělat\n\n1. Otevřete seznam produktů úkolu.\n2. Naskenujte **EAN** každého produktu (z obalu nebo z cenovky).\n3. Spočítejte **facingy**: produkty viditelné v první řadě (0–99).\n\n## Pravidla\n\n- Produkt, který nenajdete, má 0 facingů.\n- Nepočítejte zboží ve skladu.\n\n> Neplatný EAN? Naskenujte ho přímo z produktu nebo ho vyberte ze seznamu.`,
    },
    ro: {
      title: 'Scanare produse cu fețe de raft',
      shortDescription: 'Scanează fiecare produs din listă de pe raft și numără-i fețele de raft.',
      fullDescription: `## Ce ai de făcut\n\n1. Deschide lista de produse a sarcinii.\n2. Scanează **EAN-ul** fiecărui produs (de pe produs sau de pe eticheta raftului).\n3. Numără **fețele de raft**: produsele vizibile în primul rând (0–99).\n\n## Reguli\n\n- Un produs pe care nu-l găsești are 0 fețe.\n- Nu număra produsele din depozit.\n\n> EAN invalid? Scanează direct de pe produs sau alege-l din listă.`,
    },
  },
  'stock-check': {
    lt: {
      title: 'Likučių patikra',
      shortDescription: 'Patikrinkite, kurių sąrašo prekių nėra, ir nufotografuokite tuščias vietas.',
      fullDescription: `## Ką daryti\n\n1. Apeikite kategoriją ir palyginkite ją su prekių sąrašu.\n2. Nuskaitykite kiekvieną **trūkstamą** prekę (0 matomų).\n3. Nufotografuokite tuščias vietas su jų kainų etiketėmis.\n\nPaklauskite darbuotojų, ar prekių yra sandėlyje, ir atsakymą parašykite komentare.`,
    },
    pl: {
      title: 'Kontrola stanów',
      shortDescription: 'Sprawdź, których produktów z listy brakuje, i sfotografuj puste miejsca.',
      fullDescription: `## Co zrobić\n\n1. Przejdź wzdłuż kategorii i porównaj ją z listą produktów.\n2. Zeskanuj każdy produkt, którego **brakuje** (0 facingów).\n3. Sfotografuj puste miejsca razem z etykietami cenowymi.\n\nZapytaj personel, czy towar jest na zapleczu, i wpisz odpowiedź w komentarzu.`,
    },
    cs: {
      title: 'Kontrola zásob',
      shortDescription: 'Zjistěte, které produkty ze seznamu chybějí, a vyfoťte prázdná místa.',
      fullDescription: `## Co udělat\n\n1. Projděte kategorii a porovnejte ji se seznamem produktů.\n2. Naskenujte každý produkt, který **chybí** (0 facingů).\n3. Vyfoťte prázdná místa i s cenovkami.\n\nZeptejte se personálu, zda je zboží ve skladu, a odpověď napište do komentáře.`,
    },
    ro: {
      title: 'Verificare stoc',
      shortDescription: 'Verifică ce produse din listă lipsesc din stoc și fotografiază golurile.',
      fullDescription: `## Ce ai de făcut\n\n1. Parcurge categoria și compar-o cu lista de produse.\n2. Scanează fiecare produs care **lipsește** (0 fețe).\n3. Fotografiază locurile goale împreună cu etichetele de preț.\n\nÎntreabă personalul dacă există marfă în depozit și notează răspunsul în comentariu.`,
    },
  },
  defects: {
    lt: {
      title: 'Trūkumų patikra',
      shortDescription: 'Ieškokite pažeistų pakuočių, pasibaigusio galiojimo prekių ir trūkstamų kainų etikečių.',
      fullDescription: `## Ką daryti\n\n1. Patikrinkite kiekvieną kategorijos lentyną.\n2. Pažymėkite kiekvieną rastą **defektą** ir jį nufotografuokite.\n3. Jei zona uždaryta arba jūsų neįleidžia, praneškite apie **užduoties kliūtį**.\n\n### Kokius defektus fiksuojame\n\n- Pažeistos pakuotės\n- Pasibaigusio galiojimo prekės\n- Trūkstamos arba neteisingos kainų etiketės\n- Nešvarios arba sulūžusios lentynos`,
    },
    pl: {
      title: 'Kontrola usterek',
      shortDescription: 'Szukaj uszkodzonych opakowań, przeterminowanych produktów i brakujących cen.',
      fullDescription: `## Co zrobić\n\n1. Sprawdź każdą półkę kategorii.\n2. Zaznacz każdą znalezioną **usterkę** i zrób jej zdjęcie.\n3. Jeśli strefa jest zamknięta albo odmówiono ci dostępu, zgłoś **blokadę zadania**.\n\n### Usterki, które zgłaszamy\n\n- Uszkodzone opakowania\n- Przeterminowane produkty\n- Brakujące lub błędne ceny\n- Brudne lub uszkodzone półki`,
    },
    cs: {
      title: 'Kontrola závad',
      shortDescription: 'Hledejte poškozené obaly, prošlé výrobky a chybějící cenovky.',
      fullDescription: `## Co udělat\n\n1. Zkontrolujte každou polici kategorie.\n2. Zaškrtněte každou nalezenou **vadu** a vyfoťte ji.\n3. Pokud je oddělení zavřené nebo vám odepřou přístup, nahlaste **překážku úkolu**.\n\n### Vady, které sledujeme\n\n- Poškozené obaly\n- Prošlé výrobky\n- Chybějící nebo špatné cenovky\n- Špinavé nebo rozbité police`,
    },
    ro: {
      title: 'Verificare defecte',
      shortDescription: 'Caută ambalaje deteriorate, produse expirate și etichete de preț lipsă.',
      fullDescription: `## Ce ai de făcut\n\n1. Verifică fiecare raft al categoriei.\n2. Bifează fiecare **defect** găsit și fotografiază-l.\n3. Dacă zona este închisă sau ți se refuză accesul, raportează un **blocaj al sarcinii**.\n\n### Defectele urmărite\n\n- Ambalaje deteriorate\n- Produse expirate\n- Etichete de preț lipsă sau greșite\n- Rafturi murdare sau rupte`,
    },
  },
  restocking: {
    lt: {
      title: 'Lentynų papildymas',
      shortDescription: 'Papildykite lentyną iš sandėlio pagal konfidencialią planogramą.',
      fullDescription: `## Ką daryti\n\n1. Nufotografuokite lentyną **prieš**.\n2. Atsineškite prekių iš sandėlio (paprašykite vadovo leidimo).\n3. Užpildykite lentyną pagal planogramą: **pirmas atėjo – pirmas išėjo**.\n4. Nufotografuokite lentyną **po**.\n\nPlanograma konfidenciali: nesidalykite jos nuotraukomis.`,
    },
    pl: {
      title: 'Uzupełnianie półek',
      shortDescription: 'Uzupełnij półkę z magazynu według poufnego planogramu.',
      fullDescription: `## Co zrobić\n\n1. Sfotografuj półkę **przed**.\n2. Przynieś towar z magazynu (poproś kierownika o dostęp).\n3. Uzupełnij półkę według planogramu: **pierwsze weszło, pierwsze wychodzi**.\n4. Sfotografuj półkę **po**.\n\nPlanogram jest poufny: nie udostępniaj jego zdjęć.`,
    },
    cs: {
      title: 'Doplnění regálu',
      shortDescription: 'Doplňte regál ze skladu podle důvěrného planogramu.',
      fullDescription: `## Co udělat\n\n1. Vyfoťte regál **před**.\n2. Přineste zboží ze skladu (požádejte vedoucího o přístup).\n3. Doplňte regál podle planogramu: **první dovnitř, první ven**.\n4. Vyfoťte regál **po**.\n\nPlanogram je důvěrný: jeho fotky nesdílejte.`,
    },
    ro: {
      title: 'Reaprovizionare raft',
      shortDescription: 'Reaprovizionează raftul din depozit după planograma confidențială.',
      fullDescription: `## Ce ai de făcut\n\n1. Fotografiază raftul **înainte**.\n2. Adu marfă din depozit (cere acces de la manager).\n3. Umple raftul după planogramă: **primul intrat, primul ieșit**.\n4. Fotografiază raftul **după**.\n\nPlanograma este confidențială: nu distribui fotografii cu ea.`,
    },
  },
  'promo-display': {
    lt: {
      title: 'Akcijos stendo patikra',
      shortDescription: 'Patikrinkite, ar žiemos akcijos stendas pastatytas, papildytas ir su kainomis.',
      fullDescription: `## Ką daryti\n\n1. Raskite akcijos stendą (dažniausiai prie įėjimo).\n2. Nufotografuokite **visą stendą**, kad matytųsi kainų etiketės.\n3. Patvirtinkite, kad jis stovi sutartoje vietoje.\n\nNaujiena šį sezoną: pirmiausia baikite mokymus *Akcijų stendai*.`,
    },
    pl: {
      title: 'Kontrola ekspozycji promocyjnej',
      shortDescription: 'Sprawdź, czy zimowa ekspozycja promocyjna stoi, jest uzupełniona i ma ceny.',
      fullDescription: `## Co zrobić\n\n1. Znajdź ekspozycję promocyjną (zwykle przy wejściu).\n2. Sfotografuj **całą ekspozycję** z widocznymi cenami.\n3. Potwierdź, że stoi w uzgodnionym miejscu.\n\nNowość w tym sezonie: najpierw ukończ szkolenie *Ekspozycje promocyjne*.`,
    },
    cs: {
      title: 'Kontrola promo vystavení',
      shortDescription: 'Zkontrolujte, že zimní promo vystavení stojí, je doplněné a má cenovky.',
      fullDescription: `## Co udělat\n\n1. Najděte promo vystavení (obvykle u vchodu).\n2. Vyfoťte **celé vystavení** s viditelnými cenovkami.\n3. Potvrďte, že stojí na dohodnutém místě.\n\nNovinka této sezóny: nejdřív dokončete školení *Promo vystavení*.`,
    },
    ro: {
      title: 'Verificare display promoțional',
      shortDescription: 'Verifică dacă displayul promoțional de iarnă este montat, aprovizionat și are prețuri.',
      fullDescription: `## Ce ai de făcut\n\n1. Găsește displayul promoțional (de obicei lângă intrare).\n2. Fotografiază **tot displayul**, cu prețurile vizibile.\n3. Confirmă că este în poziția stabilită.\n\nNou în acest sezon: parcurge mai întâi instruirea *Displayuri promoționale*.`,
    },
  },
};

export const TRAINING_TITLES: Record<string, PerLocale<string>> = {
  basics: { lt: 'Shelfwork pagrindai: kaip veikia užduotys', pl: 'Podstawy Shelfwork: jak działają zadania', cs: 'Základy Shelfwork: jak fungují úkoly', ro: 'Noțiuni de bază Shelfwork: cum funcționează sarcinile' },
  'photo-standards': { lt: 'Lentynų nuotraukų reikalavimai', pl: 'Standardy zdjęć półek', cs: 'Pravidla pro fotky regálů', ro: 'Standarde pentru fotografiile de raft' },
  'barcode-scanning': {
    lt: 'Brūkšninių kodų skenavimas ir matomų prekių skaičiavimas',
    pl: 'Skanowanie kodów kreskowych i liczenie facingów',
    cs: 'Skenování čárových kódů a počítání facingů',
    ro: 'Scanarea codurilor de bare și numărarea fețelor de raft',
  },
  'defects-food-safety': {
    lt: 'Kaip pastebėti defektus ir maisto saugos problemas',
    pl: 'Wykrywanie usterek i problemów z bezpieczeństwem żywności',
    cs: 'Jak odhalit vady a problémy s bezpečností potravin',
    ro: 'Identificarea defectelor și a problemelor de siguranță alimentară',
  },
  'confidential-planograms': { lt: 'Konfidencialios planogramos (NDA)', pl: 'Poufne planogramy (NDA)', cs: 'Důvěrné planogramy (NDA)', ro: 'Planograme confidențiale (NDA)' },
  'promo-displays': { lt: 'Akcijų stendai: žiemos kampanija', pl: 'Ekspozycje promocyjne: kampania zimowa', cs: 'Promo vystavení: zimní kampaň', ro: 'Displayuri promoționale: campania de iarnă' },
};

export const DEFECT_NAMES: Record<string, PerLocale<string>> = {
  'damaged-packaging': { lt: 'Pažeista pakuotė', pl: 'Uszkodzone opakowanie', cs: 'Poškozený obal', ro: 'Ambalaj deteriorat' },
  'expired-product': { lt: 'Pasibaigęs galiojimas', pl: 'Przeterminowany produkt', cs: 'Prošlý výrobek', ro: 'Produs expirat' },
  'missing-price-tag': { lt: 'Trūksta kainos etiketės', pl: 'Brak etykiety cenowej', cs: 'Chybí cenovka', ro: 'Etichetă de preț lipsă' },
  'wrong-price-tag': { lt: 'Neteisinga kainos etiketė', pl: 'Błędna etykieta cenowa', cs: 'Špatná cenovka', ro: 'Etichetă de preț greșită' },
  'dirty-shelf': { lt: 'Nešvari lentyna', pl: 'Brudna półka', cs: 'Špinavá police', ro: 'Raft murdar' },
  'broken-shelf': { lt: 'Sulūžusi lentyna', pl: 'Uszkodzona półka', cs: 'Rozbitá police', ro: 'Raft rupt' },
  'area-closed': { lt: 'Zona uždaryta arba aptverta', pl: 'Strefa zamknięta lub odgrodzona', cs: 'Oddělení zavřené nebo ohrazené', ro: 'Zonă închisă sau îngrădită' },
  'access-refused': { lt: 'Parduotuvė neįleido', pl: 'Sklep odmówił dostępu', cs: 'Prodejna odepřela přístup', ro: 'Magazinul a refuzat accesul' },
};

/** A row's `translations` jsonb: per locale, the fields `texts` gives for it. */
export function translationsJson<T extends Record<string, string>>(texts: (locale: SeedLocale) => T | undefined): string {
  const out: Partial<Record<SeedLocale, T>> = {};
  for (const locale of SEED_LOCALES) {
    const t = texts(locale);
    if (t) out[locale] = t;
  }
  return JSON.stringify(out);
}
