/** The demo league: the 18 clubs of the Polish Ekstraklasa with their grounds (public facts). */
export interface DemoClub {
  name: string;
  short: string;
  code: string;
  founded: number;
  city: string;
  colors: [string, string];
  website: string;
  venue: { name: string; address: string; capacity: number; lat: number; lng: number; opened: number };
}

export const DEMO_CLUBS: DemoClub[] = [
  { name: 'Legia Warszawa', short: 'Legia', code: 'LEG', founded: 1916, city: 'Warszawa', colors: ['#00843D', '#FFFFFF'], website: 'https://legia.com', venue: { name: 'Stadion Wojska Polskiego', address: 'ul. Łazienkowska 3', capacity: 31103, lat: 52.2206, lng: 21.0405, opened: 1930 } },
  { name: 'Lech Poznań', short: 'Lech', code: 'LPO', founded: 1922, city: 'Poznań', colors: ['#1E4FA1', '#FFFFFF'], website: 'https://lechpoznan.pl', venue: { name: 'Enea Stadion', address: 'ul. Bułgarska 17', capacity: 42837, lat: 52.3971, lng: 16.8582, opened: 1980 } },
  { name: 'Raków Częstochowa', short: 'Raków', code: 'RCZ', founded: 1921, city: 'Częstochowa', colors: ['#C8102E', '#1E4FA1'], website: 'https://rakow.com', venue: { name: 'Miejski Stadion Piłkarski Raków', address: 'ul. Limanowskiego 83', capacity: 5500, lat: 50.7845, lng: 19.1471, opened: 1955 } },
  { name: 'Jagiellonia Białystok', short: 'Jagiellonia', code: 'JAG', founded: 1920, city: 'Białystok', colors: ['#FFD700', '#C8102E'], website: 'https://jagiellonia.pl', venue: { name: 'Chorten Arena', address: 'ul. Słoneczna 1', capacity: 22372, lat: 53.1069, lng: 23.1497, opened: 2014 } },
  { name: 'Pogoń Szczecin', short: 'Pogoń', code: 'POG', founded: 1948, city: 'Szczecin', colors: ['#002B5C', '#8B0000'], website: 'https://pogonszczecin.pl', venue: { name: 'Stadion Miejski im. Floriana Krygiera', address: 'ul. Karłowicza 28', capacity: 21163, lat: 53.4366, lng: 14.5185, opened: 1925 } },
  { name: 'Górnik Zabrze', short: 'Górnik', code: 'GOR', founded: 1948, city: 'Zabrze', colors: ['#1E4FA1', '#FFFFFF'], website: 'https://gornikzabrze.pl', venue: { name: 'Arena Zabrze', address: 'ul. Roosevelta 81', capacity: 24563, lat: 50.2951, lng: 18.7692, opened: 1934 } },
  { name: 'Cracovia', short: 'Cracovia', code: 'CRA', founded: 1906, city: 'Kraków', colors: ['#C8102E', '#FFFFFF'], website: 'https://cracovia.pl', venue: { name: 'Stadion im. Józefa Piłsudskiego', address: 'ul. Kałuży 1', capacity: 15016, lat: 50.0574, lng: 19.9202, opened: 2010 } },
  { name: 'GKS Katowice', short: 'GKS', code: 'GKS', founded: 1964, city: 'Katowice', colors: ['#FFD700', '#00843D'], website: 'https://gkskatowice.eu', venue: { name: 'Arena Katowice', address: 'ul. Olimpijska 1', capacity: 15048, lat: 50.2502, lng: 19.0411, opened: 2024 } },
  { name: 'Widzew Łódź', short: 'Widzew', code: 'WID', founded: 1910, city: 'Łódź', colors: ['#C8102E', '#FFFFFF'], website: 'https://widzew.com', venue: { name: 'Stadion Widzewa', address: 'al. Piłsudskiego 138', capacity: 18018, lat: 51.7653, lng: 19.5119, opened: 2017 } },
  { name: 'Zagłębie Lubin', short: 'Zagłębie', code: 'ZAG', founded: 1945, city: 'Lubin', colors: ['#F47920', '#00843D'], website: 'https://zaglebie.com', venue: { name: 'Stadion Zagłębia', address: 'ul. Marii Skłodowskiej-Curie 98', capacity: 16068, lat: 51.4036, lng: 16.1966, opened: 2009 } },
  { name: 'Radomiak Radom', short: 'Radomiak', code: 'RAD', founded: 1910, city: 'Radom', colors: ['#00843D', '#FFFFFF'], website: 'https://radomiak.pl', venue: { name: 'Stadion im. Braci Czachorów', address: 'ul. Struga 63', capacity: 15000, lat: 51.4073, lng: 21.1557, opened: 2023 } },
  { name: 'Korona Kielce', short: 'Korona', code: 'KOR', founded: 1973, city: 'Kielce', colors: ['#FFD700', '#C8102E'], website: 'https://korona-kielce.pl', venue: { name: 'Exbud Arena', address: 'ul. Ściegiennego 8', capacity: 15700, lat: 50.8616, lng: 20.6183, opened: 2006 } },
  { name: 'Piast Gliwice', short: 'Piast', code: 'PIA', founded: 1945, city: 'Gliwice', colors: ['#1E4FA1', '#C8102E'], website: 'https://piast-gliwice.eu', venue: { name: 'Stadion Miejski w Gliwicach', address: 'ul. Okrzei 20', capacity: 9913, lat: 50.3063, lng: 18.6965, opened: 2011 } },
  { name: 'Motor Lublin', short: 'Motor', code: 'MOT', founded: 1950, city: 'Lublin', colors: ['#FFD700', '#1E4FA1'], website: 'https://motorlublin.eu', venue: { name: 'Motor Lublin Arena', address: 'ul. Stadionowa 1', capacity: 15247, lat: 51.2354, lng: 22.5503, opened: 2014 } },
  { name: 'Lechia Gdańsk', short: 'Lechia', code: 'LGD', founded: 1945, city: 'Gdańsk', colors: ['#00843D', '#FFFFFF'], website: 'https://lechia.pl', venue: { name: 'Polsat Plus Arena Gdańsk', address: 'ul. Pokoleń Lechii Gdańsk 1', capacity: 41620, lat: 54.3897, lng: 18.6403, opened: 2011 } },
  { name: 'Wisła Płock', short: 'Wisła P.', code: 'WPL', founded: 1947, city: 'Płock', colors: ['#1E4FA1', '#FFFFFF'], website: 'https://wisla-plock.pl', venue: { name: 'Orlen Stadion', address: 'ul. Łukasiewicza 34', capacity: 15004, lat: 52.5527, lng: 19.6921, opened: 2023 } },
  { name: 'Arka Gdynia', short: 'Arka', code: 'ARK', founded: 1929, city: 'Gdynia', colors: ['#FFD700', '#1E4FA1'], website: 'https://arka.gdynia.pl', venue: { name: 'Stadion Miejski w Gdyni', address: 'ul. Olimpijska 5', capacity: 15139, lat: 54.4949, lng: 18.5303, opened: 2011 } },
  { name: 'Bruk-Bet Termalica Nieciecza', short: 'Termalica', code: 'TER', founded: 1922, city: 'Nieciecza', colors: ['#F47920', '#000000'], website: 'https://termalica.brukbet.com', venue: { name: 'Stadion Bruk-Bet Termalica', address: 'Nieciecza 150', capacity: 4666, lat: 50.0383, lng: 20.8725, opened: 2008 } },
];

export const DEMO_SPONSORS = [
  { name: 'PKO Bank Polski', tier: 'title', website: 'https://www.pkobp.pl' },
  { name: 'Orlen', tier: 'platinum', website: 'https://www.orlen.pl' },
  { name: 'STS', tier: 'gold', website: 'https://www.sts.pl' },
  { name: 'Puma', tier: 'supplier', website: 'https://eu.puma.com' },
  { name: 'Canal+ Polska', tier: 'partner', website: 'https://www.canalplus.com/pl' },
  { name: 'Ford', tier: 'silver', website: 'https://www.ford.pl' },
] as const;

export const DEMO_TAGS = ['Transfery', 'Kontuzje', 'Wywiady', 'Skróty meczów', 'Młodzież', 'Kibice', 'Reprezentacja', 'Sędziowie', 'Statystyki', 'Stadiony'];

export const DEMO_STAFF_ROLES = [
  { name: 'Pierwszy trener', kind: 'coaching' },
  { name: 'Asystent trenera', kind: 'coaching' },
  { name: 'Trener bramkarzy', kind: 'coaching' },
  { name: 'Trener przygotowania motorycznego', kind: 'coaching' },
  { name: 'Lekarz', kind: 'medical' },
  { name: 'Fizjoterapeuta', kind: 'medical' },
  { name: 'Analityk wideo', kind: 'technical' },
  { name: 'Kierownik drużyny', kind: 'management' },
] as const;

export const DEMO_TRANSMISSION_PROVIDERS = [
  { name: 'Canal+ Sport', kind: 'tv', website: 'https://www.canalplus.com/pl' },
  { name: 'TVP Sport', kind: 'tv', website: 'https://sport.tvp.pl' },
  { name: 'Polsat Sport', kind: 'tv', website: 'https://www.polsatsport.pl' },
  { name: 'Canal+ Online', kind: 'streaming', website: 'https://www.canalplus.com/pl' },
] as const;

export const DEMO_PUBLICATION_CATEGORIES = [
  { name: 'Aktualności', slug: 'aktualnosci' },
  { name: 'Zapowiedzi meczów', slug: 'zapowiedzi' },
  { name: 'Relacje', slug: 'relacje' },
  { name: 'Wywiady', slug: 'wywiady' },
  { name: 'Ekstraklasa Plus', slug: 'ekstraklasa-plus' },
];

export const DEMO_PRODUCTS = [
  { name: 'Karnet na rundę wiosenną', kind: 'season_ticket', price: 399 },
  { name: 'Bilet na mecz — trybuna główna', kind: 'ticket', price: 79 },
  { name: 'Oficjalna piłka meczowa', kind: 'merchandise', price: 649.99 },
  { name: 'Ekstraklasa Pass — miesięczny', kind: 'subscription', price: 39.99 },
  { name: 'Mecz na żywo — pay per view', kind: 'pay_per_view', price: 19.99 },
] as const;

export const DEMO_USERS = [
  { username: 'admin', display_name: 'Anna Administratorka', roles: ['admin'] },
  { username: 'editor', display_name: 'Edward Redaktor', roles: ['editor'] },
  { username: 'moderator', display_name: 'Monika Moderatorka', roles: ['moderator'] },
  { username: 'operator', display_name: 'Olaf Operator', roles: ['operator'] },
  { username: 'viewer', display_name: 'Wiktoria Widz', roles: ['viewer'] },
];

export const DEMO_PASSWORD = 'umpire-demo';
