/**
 * The words the renderers write themselves (headers of tables, "Read more", empty lists), in
 * Polish and English, and the formats of dates, times and prices per locale. Dates are written in
 * the league's time zone, not the reader's machine's, so a page rendered on the server and
 * hydrated in a browser says the same.
 */
export const SITE_LOCALES = ['pl', 'en'] as const;
export type SiteLocale = (typeof SITE_LOCALES)[number];

const PL_PLURAL = new Intl.PluralRules('pl');

const pl = {
  skipToContent: 'Przejdź do treści',
  siteHeader: 'Nagłówek serwisu',
  belowContent: 'Pod treścią',
  home: 'Strona główna',
  search: 'Szukaj',
  searchLabel: 'Szukaj w serwisie',
  mainMenu: 'Menu główne',
  menu: 'Menu',
  subMenu: 'podmenu',
  readMore: 'Czytaj więcej',
  seeAll: 'Zobacz wszystkie',
  advertisement: 'Reklama',
  noArticles: 'Nie ma jeszcze artykułów do pokazania.',
  noMatches: 'Nie ma meczów do pokazania.',
  noEvents: 'Nie ma transmisji do pokazania.',
  noItems: 'Nie ma nic do pokazania.',
  emptyPage: 'Ta strona nie ma jeszcze komponentów.',
  pageContentHere: 'Tu pojawi się treść strony.',
  statistics: 'Statystyki',
  standings: 'Tabela',
  schedule: 'Terminarz',
  matches: 'Mecze',
  clubs: 'Kluby',
  squad: 'Kadra',
  gallery: 'Galeria',
  products: 'Produkty',
  followUs: 'Obserwuj nas',
  ranking: 'Ranking typera',
  embedded: 'Treść osadzona',
  video: 'Wideo',
  videoUnsupported: 'Twoja przeglądarka nie odtworzy tego wideo.',
  // Table headers: full words for screen readers (abbr), short ones on screen.
  position: 'Pozycja',
  positionShort: 'Poz.',
  club: 'Klub',
  player: 'Zawodnik',
  played: 'Mecze',
  playedShort: 'M',
  won: 'Zwycięstwa',
  wonShort: 'Z',
  drawn: 'Remisy',
  drawnShort: 'R',
  lost: 'Porażki',
  lostShort: 'P',
  goals: 'Bramki',
  goalsShort: 'Br.',
  goalDifference: 'Różnica bramek',
  goalDifferenceShort: '+/−',
  points: 'Punkty',
  pointsShort: 'Pkt',
  form: 'Forma',
  assists: 'Asysty',
  appearances: 'Występy',
  minutes: 'Minuty',
  fan: 'Kibic',
  exact: 'Dokładne wyniki',
  outcome: 'Trafione rozstrzygnięcia',
  shirtNumber: 'Numer',
  captain: 'kapitan',
  promotion: 'awans',
  relegation: 'spadek',
  formResult: { W: 'zwycięstwo', D: 'remis', L: 'porażka' } as Record<string, string>,
  home_side: 'Gospodarze',
  away_side: 'Goście',
  versus: 'przeciw',
  score: 'Wynik',
  halfTime: 'Do przerwy',
  kickoff: 'Początek',
  venue: 'Stadion',
  referee: 'Sędzia',
  attendance: 'Widzów',
  lineups: 'Składy',
  starting: 'Wyjściowa jedenastka',
  substitutes: 'Rezerwowi',
  incidents: 'Przebieg meczu',
  // The match centre.
  match: 'Mecz',
  competition: 'Rozgrywki',
  latestEvent: 'ostatnie zdarzenie',
  scoreWhenAbandoned: 'Wynik w chwili przerwania meczu',
  originalKickoff: 'Pierwotny termin',
  newDateUnknown: 'Nowy termin nie jest jeszcze znany.',
  penaltyShootout: 'Rzuty karne',
  timelineEmpty: 'Zdarzenia meczu pojawią się tutaj, gdy mecz się rozpocznie.',
  assistBy: 'asysta',
  subOn: 'wchodzi',
  subOff: 'schodzi',
  shootoutKick: { penalty: 'Rzut karny w serii: trafiony', missed_penalty: 'Rzut karny w serii: nietrafiony' } as Record<string, string>,
  matchStatistics: 'Statystyki meczu',
  statistic: 'Statystyka',
  sheetStats: { goals: 'Bramki', yellow_cards: 'Żółte kartki', red_cards: 'Czerwone kartki', substitutions: 'Zmiany' } as Record<string, string>,
  statisticsNote: 'Policzone ze zdarzeń meczu.',
  formation: 'Ustawienie',
  broadcast: 'Transmisja',
  watchMatch: 'Obejrzyj mecz',
  transmissionKinds: { tv: 'Telewizja', streaming: 'Internet', radio: 'Radio' } as Record<string, string>,
  comments: 'Komentarze kibiców',
  noComments: 'Nie ma jeszcze komentarzy.',
  commentsShown: (shown: number, total: number) => `Najnowsze komentarze: ${shown} z ${total}.`,
  matchStatus: {
    not_started: 'Przed meczem',
    first_half: 'Pierwsza połowa',
    half_time: 'Przerwa',
    second_half: 'Druga połowa',
    finished: 'Koniec meczu',
    postponed: 'Przełożony',
    cancelled: 'Odwołany',
    abandoned: 'Przerwany',
  } as Record<string, string>,
  live: 'Na żywo',
  incidentTypes: {
    substitution: 'Zmiana',
    assist: 'Asysta',
    goal: 'Gol',
    own_goal: 'Gol samobójczy',
    yellow_card: 'Żółta kartka',
    second_yellow_card: 'Druga żółta kartka',
    red_card: 'Czerwona kartka',
    penalty: 'Gol z rzutu karnego',
    missed_penalty: 'Niewykorzystany rzut karny',
    match_started: 'Początek meczu',
    kick_off: 'Początek meczu',
    match_ended: 'Koniec meczu',
    second_half_started: 'Początek drugiej połowy',
    half_time: 'Przerwa',
    component: 'Zdarzenie',
  } as Record<string, string>,
  playerPositions: { goalkeeper: 'Bramkarze', defender: 'Obrońcy', midfielder: 'Pomocnicy', forward: 'Napastnicy', other: 'Pozostali' } as Record<string, string>,
  founded: 'Rok założenia',
  city: 'Miasto',
  website: 'Strona klubu',
  quiz: 'Quiz',
  startQuiz: 'Rozwiąż quiz',
  timeLimit: 'Czas na odpowiedzi',
  openUntil: 'Otwarte do',
  survey: 'Ankieta',
  takeSurvey: 'Weź udział',
  respondents: 'Odpowiedzi',
  watch: 'Oglądaj',
  open: 'Otwórz',
  free: 'Bezpłatnie',
  payPerView: 'Płatny dostęp',
  subscription: 'W abonamencie',
  eventStatus: { pending: 'Wkrótce', live: 'Na żywo', ended: 'Zakończona' } as Record<string, string>,
  buy: 'Kup',
  productKinds: { ticket: 'Bilet', season_ticket: 'Karnet', merchandise: 'Gadżet', subscription: 'Abonament', pay_per_view: 'Transmisja' } as Record<string, string>,
  networks: { facebook: 'Facebook', instagram: 'Instagram', x: 'X', youtube: 'YouTube', tiktok: 'TikTok', linkedin: 'LinkedIn', threads: 'Threads' } as Record<string, string>,
  brandColours: 'Kolory marki',
  opensInNewTab: '(otwiera się w nowej karcie)',
  duration: 'Czas trwania',
  minutesShort: (n: number) => `${n} min`,
  secondsShort: (n: number) => `${n} s`,
  round: (n: number) => `${n}. kolejka`,
  // The site's search page.
  searchTitle: 'Wyszukiwanie',
  searchTitleFor: (query: string) => `Wyniki wyszukiwania: ${query}`,
  searchQuery: 'Czego szukasz?',
  searchHint: 'Wpisz nazwę klubu, zawodnika, miasta albo słowa z tytułu artykułu.',
  searchNothing: (query: string) => `Nic nie znaleźliśmy dla „${query}”. Sprawdź pisownię albo wpisz mniej słów.`,
  searchFound: (n: number) => `Wyniki: ${n}`,
  searchShown: (shown: number, total: number) => `Pokazujemy ${shown} z ${total}. Zawęź wyszukiwanie, aby zobaczyć pozostałe.`,
  searchCut: (max: number, words: number) => `Szukamy najwyżej ${words} słów i ${max} znaków: resztę zapytania pominęliśmy.`,
  articles: 'Artykuły',
  players: 'Zawodnicy',
  playerPosition: { goalkeeper: 'bramkarz', defender: 'obrońca', midfielder: 'pomocnik', forward: 'napastnik' } as Record<string, string>,
  // Filters and pages of the site's indexes (fixtures, news).
  filters: 'Filtry',
  filterRound: 'Kolejka',
  filterClub: 'Klub',
  filterCategory: 'Kategoria',
  filterTag: 'Tag',
  filterAll: 'Wszystkie',
  filterShow: 'Pokaż',
  filterClear: 'Wyczyść filtry',
  pagination: 'Strony',
  previousPage: 'Poprzednia strona',
  nextPage: 'Następna strona',
  pageOf: (page: number, pages: number) => `Strona ${page} z ${pages}`,
  // A player's profile.
  nickname: 'Pseudonim',
  playerPositionLabel: 'Pozycja',
  nationality: 'Obywatelstwo',
  birthDate: 'Data urodzenia',
  /** A player's age after the date of birth: `29 lat`, `22 lata`, `21 lat`. */
  age: (n: number) => {
    const form = PL_PLURAL.select(n);
    return `${n} ${form === 'one' ? 'rok' : form === 'few' ? 'lata' : 'lat'}`;
  },
  height: 'Wzrost',
  weight: 'Waga',
  preferredFoot: 'Lepsza noga',
  feet: { left: 'lewa', right: 'prawa', both: 'obie' } as Record<string, string>,
  biography: 'Biografia',
  career: 'Kariera',
  careerYears: 'Lata',
  since: (year: number) => `od ${year}`,
  loan: 'wypożyczenie',
  seasonStatistics: 'Statystyki w sezonach',
  competitionSeason: 'Rozgrywki',
  yellowCards: 'Żółte kartki',
  yellowCardsShort: 'ŻK',
  redCards: 'Czerwone kartki',
  redCardsShort: 'CK',
  minutesShortHeader: 'Min.',
  total: 'Razem',
  /** After the name of the club a club's page is about, in a table's row (screen readers). */
  thisClub: 'ten klub',
  results: 'Wyniki',
  fixtures: 'Najbliższe mecze',
};

export type Texts = typeof pl;

const en: Texts = {
  skipToContent: 'Skip to content',
  siteHeader: 'Site header',
  belowContent: 'Below the content',
  home: 'Home',
  search: 'Search',
  searchLabel: 'Search the site',
  mainMenu: 'Main menu',
  menu: 'Menu',
  subMenu: 'submenu',
  readMore: 'Read more',
  seeAll: 'See all',
  advertisement: 'Advertisement',
  noArticles: 'No articles to show yet.',
  noMatches: 'No matches to show.',
  noEvents: 'No broadcasts to show.',
  noItems: 'Nothing to show.',
  emptyPage: 'This page has no components yet.',
  pageContentHere: 'The page content appears here.',
  statistics: 'Statistics',
  standings: 'Table',
  schedule: 'Fixtures',
  matches: 'Matches',
  clubs: 'Clubs',
  squad: 'Squad',
  gallery: 'Gallery',
  products: 'Products',
  followUs: 'Follow us',
  ranking: 'Predictor ranking',
  embedded: 'Embedded content',
  video: 'Video',
  videoUnsupported: 'Your browser cannot play this video.',
  position: 'Position',
  positionShort: 'Pos',
  club: 'Club',
  player: 'Player',
  played: 'Played',
  playedShort: 'P',
  won: 'Won',
  wonShort: 'W',
  drawn: 'Drawn',
  drawnShort: 'D',
  lost: 'Lost',
  lostShort: 'L',
  goals: 'Goals',
  goalsShort: 'G',
  goalDifference: 'Goal difference',
  goalDifferenceShort: 'GD',
  points: 'Points',
  pointsShort: 'Pts',
  form: 'Form',
  assists: 'Assists',
  appearances: 'Appearances',
  minutes: 'Minutes',
  fan: 'Fan',
  exact: 'Exact scores',
  outcome: 'Right outcomes',
  shirtNumber: 'Number',
  captain: 'captain',
  promotion: 'promotion',
  relegation: 'relegation',
  formResult: { W: 'win', D: 'draw', L: 'loss' },
  home_side: 'Home',
  away_side: 'Away',
  versus: 'versus',
  score: 'Score',
  halfTime: 'Half time',
  kickoff: 'Kick-off',
  venue: 'Venue',
  referee: 'Referee',
  attendance: 'Attendance',
  lineups: 'Line-ups',
  starting: 'Starting eleven',
  substitutes: 'Substitutes',
  incidents: 'Match events',
  match: 'Match',
  competition: 'Competition',
  latestEvent: 'latest event',
  scoreWhenAbandoned: 'Score when the match was abandoned',
  originalKickoff: 'Originally scheduled',
  newDateUnknown: 'The new date is not known yet.',
  penaltyShootout: 'Penalties',
  timelineEmpty: 'The match events appear here once the match kicks off.',
  assistBy: 'assist',
  subOn: 'on',
  subOff: 'off',
  shootoutKick: { penalty: 'Shoot-out penalty: scored', missed_penalty: 'Shoot-out penalty: missed' },
  matchStatistics: 'Match statistics',
  statistic: 'Statistic',
  sheetStats: { goals: 'Goals', yellow_cards: 'Yellow cards', red_cards: 'Red cards', substitutions: 'Substitutions' },
  statisticsNote: 'Counted from the match events.',
  formation: 'Formation',
  broadcast: 'Broadcast',
  watchMatch: 'Watch the match',
  transmissionKinds: { tv: 'Television', streaming: 'Online', radio: 'Radio' },
  comments: 'Fans’ comments',
  noComments: 'No comments yet.',
  commentsShown: (shown: number, total: number) => `The newest comments: ${shown} of ${total}.`,
  matchStatus: { not_started: 'Not started', first_half: 'First half', half_time: 'Half time', second_half: 'Second half', finished: 'Full time', postponed: 'Postponed', cancelled: 'Cancelled', abandoned: 'Abandoned' },
  live: 'Live',
  incidentTypes: {
    substitution: 'Substitution',
    assist: 'Assist',
    goal: 'Goal',
    own_goal: 'Own goal',
    yellow_card: 'Yellow card',
    second_yellow_card: 'Second yellow card',
    red_card: 'Red card',
    penalty: 'Penalty goal',
    missed_penalty: 'Missed penalty',
    match_started: 'Kick-off',
    kick_off: 'Kick-off',
    match_ended: 'Full time',
    second_half_started: 'Second half starts',
    half_time: 'Half time',
    component: 'Event',
  },
  playerPositions: { goalkeeper: 'Goalkeepers', defender: 'Defenders', midfielder: 'Midfielders', forward: 'Forwards', other: 'Others' },
  founded: 'Founded',
  city: 'City',
  website: 'Club website',
  quiz: 'Quiz',
  startQuiz: 'Take the quiz',
  timeLimit: 'Time to answer',
  openUntil: 'Open until',
  survey: 'Survey',
  takeSurvey: 'Take part',
  respondents: 'Answers',
  watch: 'Watch',
  open: 'Open',
  free: 'Free',
  payPerView: 'Pay-per-view',
  subscription: 'With a subscription',
  eventStatus: { pending: 'Coming up', live: 'Live', ended: 'Ended' },
  buy: 'Buy',
  productKinds: { ticket: 'Ticket', season_ticket: 'Season ticket', merchandise: 'Merchandise', subscription: 'Subscription', pay_per_view: 'Pay-per-view' },
  networks: { facebook: 'Facebook', instagram: 'Instagram', x: 'X', youtube: 'YouTube', tiktok: 'TikTok', linkedin: 'LinkedIn', threads: 'Threads' },
  brandColours: 'Brand colours',
  opensInNewTab: '(opens in a new tab)',
  duration: 'Duration',
  minutesShort: (n: number) => `${n} min`,
  secondsShort: (n: number) => `${n} s`,
  round: (n: number) => `Round ${n}`,
  searchTitle: 'Search',
  searchTitleFor: (query: string) => `Search results: ${query}`,
  searchQuery: 'What are you looking for?',
  searchHint: 'Type the name of a club, a player or a city, or words of an article’s title.',
  searchNothing: (query: string) => `We found nothing for “${query}”. Check the spelling or try fewer words.`,
  searchFound: (n: number) => `Results: ${n}`,
  searchShown: (shown: number, total: number) => `Showing ${shown} of ${total}. Narrow the search to see the others.`,
  searchCut: (max: number, words: number) => `We search at most ${words} words and ${max} characters: the rest of the query was left out.`,
  articles: 'Articles',
  players: 'Players',
  playerPosition: { goalkeeper: 'goalkeeper', defender: 'defender', midfielder: 'midfielder', forward: 'forward' },
  filters: 'Filters',
  filterRound: 'Round',
  filterClub: 'Club',
  filterCategory: 'Category',
  filterTag: 'Tag',
  filterAll: 'All',
  filterShow: 'Show',
  filterClear: 'Clear filters',
  pagination: 'Pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  nickname: 'Nickname',
  playerPositionLabel: 'Position',
  nationality: 'Nationality',
  birthDate: 'Date of birth',
  age: (n: number) => `age ${n}`,
  height: 'Height',
  weight: 'Weight',
  preferredFoot: 'Preferred foot',
  feet: { left: 'left', right: 'right', both: 'both' },
  biography: 'Biography',
  career: 'Career',
  careerYears: 'Years',
  since: (year: number) => `since ${year}`,
  loan: 'loan',
  seasonStatistics: 'Season statistics',
  competitionSeason: 'Competition',
  yellowCards: 'Yellow cards',
  yellowCardsShort: 'YC',
  redCards: 'Red cards',
  redCardsShort: 'RC',
  minutesShortHeader: 'Min',
  total: 'Total',
  thisClub: 'this club',
  results: 'Results',
  fixtures: 'Fixtures',
};

const TEXTS: Record<SiteLocale, Texts> = { pl, en };

/** The site locale for a requested one (`pl-PL` → `pl`); English for any other language. */
export function siteLocale(locale: string | undefined): SiteLocale {
  const lang = (locale ?? '').toLowerCase().split(/[-_]/)[0];
  return (SITE_LOCALES as readonly string[]).includes(lang) ? (lang as SiteLocale) : 'en';
}

export const textsFor = (locale: string | undefined): Texts => TEXTS[siteLocale(locale)];

/** The league's time zone: match times are said as the stadium's clock shows them. */
export const DEFAULT_TIME_ZONE = 'Europe/Warsaw';

export interface Formats {
  /** `sobota, 19 lipca 2026` / `Saturday, 19 July 2026`. */
  date(value: unknown): string;
  /** `19.07.2026, 15:00` / `19 Jul 2026, 15:00`. */
  dateTime(value: unknown): string;
  /** `15:00`. */
  time(value: unknown): string;
  /** A short day: `sob., 19 lip` / `Sat, 19 Jul`. */
  shortDate(value: unknown): string;
  /** A calendar day without its weekday: `23 grudnia 1996` / `23 December 1996` (a date of birth). */
  day(value: unknown): string;
  /** The calendar day (YYYY-MM-DD) a moment falls on in the league's time zone. */
  ymd(value: unknown): string;
  /** A country's name from its ISO 3166 code (`PL` → `Polska` / `Poland`); the code when unknown. */
  country(code: string): string;
  /** A machine-readable date for `<time dateTime>`. */
  iso(value: unknown): string | undefined;
  number(value: number): string;
  price(value: number, currency: string): string;
}

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || !value) return null;
  // A calendar date (2026-07-17) is that day wherever it is read: noon UTC keeps it in any zone.
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The home nations a player may play for (stored as ISO 3166-2 codes): Intl names no such region. */
const HOME_NATIONS: Record<string, [pl: string, en: string]> = {
  'GB-ENG': ['Anglia', 'England'],
  'GB-SCT': ['Szkocja', 'Scotland'],
  'GB-WLS': ['Walia', 'Wales'],
  'GB-NIR': ['Irlandia Północna', 'Northern Ireland'],
};

// Building Intl formatters costs more than a page's other text work: one set per language and zone.
const formatsKept = new Map<string, Formats>();

export function formatsFor(locale: string | undefined, timeZone = DEFAULT_TIME_ZONE): Formats {
  const tag = siteLocale(locale) === 'pl' ? 'pl-PL' : 'en-GB';
  const key = `${tag} ${timeZone}`;
  let kept = formatsKept.get(key);
  if (!kept) {
    if (formatsKept.size > 100) formatsKept.clear();
    formatsKept.set(key, (kept = buildFormats(tag, timeZone)));
  }
  return kept;
}

function buildFormats(tag: string, timeZone: string): Formats {
  const zone = (() => {
    try {
      new Intl.DateTimeFormat(tag, { timeZone });
      return timeZone;
    } catch {
      return DEFAULT_TIME_ZONE;
    }
  })();
  const date = new Intl.DateTimeFormat(tag, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: zone });
  const dateTime = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: zone });
  const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', timeZone: zone });
  const shortDate = new Intl.DateTimeFormat(tag, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone });
  const day = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: zone });
  // en-CA writes a day as YYYY-MM-DD.
  const ymd = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone });
  const regions = new Intl.DisplayNames(tag, { type: 'region', fallback: 'code' });
  const number = new Intl.NumberFormat(tag);
  const prices = new Map<string, Intl.NumberFormat>();
  const writer = (f: Intl.DateTimeFormat) => (value: unknown) => {
    const d = toDate(value);
    return d ? f.format(d) : '';
  };
  return {
    date: writer(date),
    dateTime: writer(dateTime),
    time: writer(time),
    shortDate: writer(shortDate),
    day: writer(day),
    ymd: writer(ymd),
    country: (code) => {
      const c = code.trim().toUpperCase() === 'XKX' ? 'XK' : code.trim().toUpperCase();
      const nation = HOME_NATIONS[c];
      if (nation) return nation[tag === 'pl-PL' ? 0 : 1];
      if (!/^[A-Z]{2}$/.test(c)) return code.trim();
      try {
        return regions.of(c) ?? c;
      } catch {
        return c;
      }
    },
    iso: (value) => (typeof value === 'string' && toDate(value) ? value : undefined),
    number: (value) => number.format(value),
    price: (value, currency) => {
      try {
        let money = prices.get(currency);
        if (!money) prices.set(currency, (money = new Intl.NumberFormat(tag, { style: 'currency', currency })));
        return money.format(value);
      } catch {
        return `${number.format(value)} ${currency}`;
      }
    },
  };
}
