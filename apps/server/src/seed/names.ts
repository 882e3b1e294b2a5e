/**
 * Name pools for the demo season: invented people (no real player or coach is meant), picked
 * deterministically by the seed's PRNG. Foreign pools are keyed by ISO 3166-1 alpha-2 code.
 */

export const POLISH_FIRST_NAMES = [
  'Jakub', 'Kacper', 'Mateusz', 'Bartosz', 'Michał', 'Kamil', 'Patryk', 'Dawid', 'Szymon', 'Filip',
  'Łukasz', 'Paweł', 'Tomasz', 'Adrian', 'Damian', 'Przemysław', 'Sebastian', 'Krystian', 'Dominik', 'Marcin',
  'Karol', 'Maciej', 'Wojciech', 'Igor', 'Oskar', 'Antoni', 'Hubert', 'Miłosz', 'Aleksander', 'Jan',
  'Piotr', 'Rafał', 'Konrad', 'Daniel', 'Arkadiusz', 'Grzegorz', 'Norbert', 'Wiktor', 'Ksawery', 'Mikołaj',
  'Fabian', 'Tymoteusz', 'Bartłomiej', 'Kryspin', 'Olaf', 'Jędrzej', 'Cezary', 'Radosław', 'Eryk', 'Marcel',
];

export const POLISH_LAST_NAMES = [
  'Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski',
  'Jankowski', 'Mazur', 'Kwiatkowski', 'Krawczyk', 'Kaczmarek', 'Piotrowski', 'Grabowski', 'Zając', 'Pawłowski', 'Michalski',
  'Król', 'Wieczorek', 'Jabłoński', 'Wróbel', 'Nowakowski', 'Majewski', 'Olszewski', 'Stępień', 'Malinowski', 'Jaworski',
  'Adamczyk', 'Nowicki', 'Pawlak', 'Górski', 'Witkowski', 'Walczak', 'Sikora', 'Baran', 'Rutkowski', 'Michalak',
  'Szewczyk', 'Ostrowski', 'Pietrzak', 'Wróblewski', 'Jakubowski', 'Jasiński', 'Zawadzki', 'Sadowski', 'Bąk', 'Chmielewski',
  'Włodarczyk', 'Borkowski', 'Czarnecki', 'Sawicki', 'Sokołowski', 'Urbański', 'Kubiak', 'Maciejewski', 'Szczepański', 'Kucharski',
  'Wilk', 'Kalinowski', 'Lis', 'Mazurek', 'Wysocki', 'Adamski', 'Kaźmierczak', 'Wasilewski', 'Sobczak', 'Czerwiński',
  'Andrzejewski', 'Cieślak', 'Głowacki', 'Zakrzewski', 'Kołodziej', 'Sikorski', 'Krajewski', 'Gajewski', 'Szymczak', 'Szulc',
  'Baranowski', 'Laskowski', 'Brzeziński', 'Makowski', 'Ziółkowski', 'Przybylski', 'Domański', 'Nowacki', 'Borowski', 'Błaszczyk',
  'Chojnacki', 'Ciesielski', 'Mróz', 'Szczepaniak', 'Wesołowski', 'Górecki', 'Krupa', 'Kaczmarczyk', 'Leszczyński', 'Lewicki',
];

/** First names of older men, for coaches. */
export const POLISH_STAFF_FIRST_NAMES = [
  'Marek', 'Jacek', 'Dariusz', 'Andrzej', 'Krzysztof', 'Piotr', 'Tomasz', 'Robert', 'Mariusz', 'Waldemar',
  'Jarosław', 'Ryszard', 'Janusz', 'Zbigniew', 'Artur', 'Grzegorz', 'Sławomir', 'Leszek', 'Adam', 'Rafał',
];
export const POLISH_FEMALE_FIRST_NAMES = ['Anna', 'Katarzyna', 'Magdalena', 'Agnieszka', 'Joanna', 'Marta', 'Aleksandra', 'Natalia'];

/** The feminine form of a Polish surname (Kowalski → Kowalska; Nowak stays Nowak). */
export function feminineSurname(name: string): string {
  if (/(ski|cki|dzki)$/.test(name)) return `${name.slice(0, -1)}a`;
  return name;
}

export interface ForeignPool {
  first: string[];
  last: string[];
  /** Clubs a player of this country may have played for before (public club names). */
  clubs: string[];
}

export const FOREIGN_POOLS: Record<string, ForeignPool> = {
  ES: {
    first: ['Álvaro', 'Iván', 'Sergio', 'Pablo', 'Adrián', 'Rubén', 'Javier', 'Marcos', 'Diego', 'Borja', 'Alejandro', 'Hugo'],
    last: ['Fernández', 'Gutiérrez', 'Navarro', 'Romero', 'Domínguez', 'Vázquez', 'Castillo', 'Ortega', 'Molina', 'Delgado', 'Iglesias', 'Cabrera'],
    clubs: ['Real Oviedo', 'CD Lugo', 'Racing de Santander', 'SD Ponferradina', 'CD Mirandés', 'Albacete Balompié', 'Real Zaragoza B'],
  },
  PT: {
    first: ['João', 'Tiago', 'Rui', 'Bruno', 'Nuno', 'Rafael', 'Gonçalo', 'Diogo', 'André', 'Ricardo'],
    last: ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Sousa', 'Carvalho', 'Lopes', 'Marques'],
    clubs: ['Moreirense FC', 'Gil Vicente FC', 'FC Paços de Ferreira', 'CD Tondela', 'Rio Ave FC', 'Estoril Praia'],
  },
  SK: {
    first: ['Marek', 'Lukáš', 'Martin', 'Peter', 'Tomáš', 'Michal', 'Dávid', 'Matúš', 'Patrik', 'Samuel'],
    last: ['Kováč', 'Horváth', 'Varga', 'Tóth', 'Baláž', 'Hudák', 'Kollár', 'Oravec', 'Mikuš', 'Šimko'],
    clubs: ['MŠK Žilina', 'Spartak Trnava', 'DAC Dunajská Streda', 'AS Trenčín', 'MFK Ružomberok'],
  },
  CZ: {
    first: ['Ondřej', 'Tomáš', 'Lukáš', 'Adam', 'Vojtěch', 'Matěj', 'Jan', 'Petr', 'Filip', 'Jiří'],
    last: ['Dvořák', 'Černý', 'Procházka', 'Kučera', 'Veselý', 'Horák', 'Němec', 'Pospíšil', 'Hájek', 'Jelínek', 'Růžička'],
    clubs: ['FC Slovan Liberec', 'FK Jablonec', 'SK Sigma Olomouc', 'FC Baník Ostrava', 'FC Hradec Králové'],
  },
  UA: {
    first: ['Oleksandr', 'Andriy', 'Mykola', 'Dmytro', 'Serhiy', 'Yuriy', 'Vitaliy', 'Bohdan', 'Artem', 'Denys'],
    last: ['Kovalenko', 'Bondarenko', 'Tkachenko', 'Kravchenko', 'Shevchuk', 'Melnyk', 'Boyko', 'Lysenko', 'Marchenko', 'Savchenko'],
    clubs: ['Zorya Luhansk', 'Vorskla Poltava', 'Chornomorets Odesa', 'Karpaty Lviv', 'Kolos Kovalivka'],
  },
  BA: {
    first: ['Adnan', 'Amer', 'Haris', 'Kenan', 'Armin', 'Mirza', 'Emir', 'Dino', 'Tarik', 'Eldar'],
    last: ['Hodžić', 'Begić', 'Mehmedović', 'Hadžić', 'Delić', 'Mujić', 'Halilović', 'Salihović', 'Omerović', 'Karić'],
    clubs: ['FK Željezničar', 'HŠK Zrinjski Mostar', 'FK Sarajevo', 'NK Široki Brijeg'],
  },
  HR: {
    first: ['Ivan', 'Luka', 'Marko', 'Josip', 'Ante', 'Mario', 'Domagoj', 'Matej', 'Toni', 'Dario'],
    last: ['Horvat', 'Babić', 'Marić', 'Jurić', 'Knežević', 'Vuković', 'Pavlović', 'Perić', 'Grgić', 'Bošnjak'],
    clubs: ['HNK Rijeka', 'NK Osijek', 'NK Istra 1961', 'HNK Gorica', 'NK Lokomotiva Zagreb'],
  },
  SI: {
    first: ['Žan', 'Nejc', 'Rok', 'Miha', 'Tilen', 'Blaž', 'Jaka', 'Gašper', 'Aljaž', 'Nik'],
    last: ['Kranjc', 'Zupančič', 'Potočnik', 'Kovačič', 'Mlakar', 'Vidmar', 'Golob', 'Turk', 'Božič', 'Kastelic'],
    clubs: ['NK Maribor', 'NK Olimpija Ljubljana', 'NK Celje', 'NK Domžale', 'FC Koper'],
  },
  GE: {
    first: ['Giorgi', 'Levan', 'Davit', 'Irakli', 'Nika', 'Otar', 'Saba', 'Zurab', 'Lasha', 'Beka'],
    last: ['Beridze', 'Kapanadze', 'Gelashvili', 'Lomidze', 'Tsiklauri', 'Japaridze', 'Chikhradze', 'Tsertsvadze', 'Abuladze', 'Gogua'],
    clubs: ['Dinamo Tbilisi', 'Dinamo Batumi', 'Torpedo Kutaisi', 'Saburtalo Tbilisi'],
  },
  NO: {
    first: ['Magnus', 'Henrik', 'Sondre', 'Eirik', 'Jonas', 'Kristian', 'Ola', 'Mathias', 'Sindre', 'Tobias'],
    last: ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen', 'Kristiansen', 'Haugen', 'Bakken'],
    clubs: ['Vålerenga', 'Odd', 'Strømsgodset', 'Sarpsborg 08', 'Lillestrøm'],
  },
  SE: {
    first: ['Oscar', 'Viktor', 'Gustav', 'Anton', 'Albin', 'Linus', 'Emil', 'Isak', 'Hampus', 'Elias'],
    last: ['Johansson', 'Andersson', 'Karlsson', 'Nilsson', 'Eriksson', 'Lindberg', 'Lindqvist', 'Bergström', 'Holm', 'Sandberg'],
    clubs: ['IFK Norrköping', 'Kalmar FF', 'IF Elfsborg', 'Hammarby IF', 'BK Häcken'],
  },
  BR: {
    first: ['Lucas', 'Gabriel', 'Matheus', 'Thiago', 'Vinícius', 'Felipe', 'Caio', 'Leandro', 'Rodrigo', 'Wesley'],
    last: ['Souza', 'Lima', 'Alves', 'Ribeiro', 'Gomes', 'Barbosa', 'Rocha', 'Araújo', 'Cardoso', 'Teixeira', 'Nascimento'],
    clubs: ['Athletico Paranaense', 'EC Juventude', 'Coritiba FC', 'AA Ponte Preta', 'Chapecoense'],
  },
  RS: {
    first: ['Nikola', 'Stefan', 'Miloš', 'Aleksandar', 'Nemanja', 'Lazar', 'Uroš', 'Vuk', 'Dušan', 'Marko'],
    last: ['Jovanović', 'Petrović', 'Nikolić', 'Marković', 'Đorđević', 'Stojanović', 'Ilić', 'Milošević', 'Lukić', 'Todorović'],
    clubs: ['FK Vojvodina', 'FK Čukarički', 'FK Radnički Niš', 'FK Napredak Kruševac'],
  },
};

/** How often each foreign nationality is drawn (the rest of a squad is Polish). */
export const FOREIGN_WEIGHTS: [string, number][] = [
  ['ES', 5], ['PT', 5], ['SK', 4], ['CZ', 3], ['UA', 4], ['BA', 2], ['HR', 3], ['SI', 2], ['GE', 2], ['NO', 2], ['SE', 2], ['BR', 3], ['RS', 2],
];

/** Polish clubs outside the demo league, for earlier careers and loans. */
export const POLISH_CLUBS = [
  'Śląsk Wrocław', 'Wisła Kraków', 'Stal Mielec', 'Puszcza Niepołomice', 'Ruch Chorzów', 'Zagłębie Sosnowiec', 'Odra Opole',
  'Miedź Legnica', 'Polonia Warszawa', 'Chrobry Głogów', 'GKS Tychy', 'Warta Poznań', 'ŁKS Łódź', 'Znicz Pruszków',
  'Górnik Łęczna', 'Stal Rzeszów', 'Podbeskidzie Bielsko-Biała', 'Sandecja Nowy Sącz', 'Olimpia Grudziądz', 'Resovia',
];
