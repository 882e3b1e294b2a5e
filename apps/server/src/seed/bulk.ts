import { PLAYER_POSITIONS } from '@umpire/schema';
import { sql } from 'kysely';
import type { Database, DB } from '../db/database';
import { clientCollation, withShadows } from '../jsonapi/shadow';
import { toDb } from '../db/values';
import type { Collation } from '../text/collation';
import { FOREIGN_POOLS, POLISH_FIRST_NAMES, POLISH_LAST_NAMES } from './names';
import { DEMO_CLIENT } from './seed';

/**
 * A large, deterministic data set for one client, for benchmarks: by default 100,000 rows across
 * the first resources (images, seasons, competitions, competition seasons, venues, clubs, teams,
 * squads, sponsors, products, tags, staff roles, transmission providers, publication categories).
 *
 * Every value comes from the row's index (no randomness), so two runs on empty databases give the
 * same rows. Unique columns stay unique per client, case-insensitively like the API checks them,
 * also next to the demo data or an earlier bulk seed. Rows go in multi-row INSERTs (at most 500
 * rows and 30,000 bound values each, within SQLite's variable limit), one transaction per table.
 */

type Values = Record<string, unknown>;

export interface BulkOptions {
  /** How many rows to insert in all (at least; images take up the rest). Default 100,000. */
  rows?: number;
  /** Players on top of `rows` (default none): a large list of people's names for text search and sort. */
  players?: number;
  /** Called after each table with its row count, e.g. for a progress line. */
  onTable?: (table: string, count: number) => void;
}

export interface BulkResult {
  rows: number;
  tables: Record<string, number>;
  ms: number;
}

/** The id of a client by name; the demo client ("Ekstraklasa Demo") by default. */
export async function findClientId(database: Database, name = DEMO_CLIENT): Promise<number> {
  const row = await database.db.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirst();
  if (!row) throw new Error(`no client named ${JSON.stringify(name)}; seed the demo data first`);
  return Number(row.id);
}

// ---------------------------------------------------------------------------------------------
// Word lists (Polish football flavour) and index-based pickers.

const CITIES: [string, string][] = [
  ['Warszawa', 'mazowieckie'], ['Kraków', 'małopolskie'], ['Łódź', 'łódzkie'], ['Wrocław', 'dolnośląskie'],
  ['Poznań', 'wielkopolskie'], ['Gdańsk', 'pomorskie'], ['Szczecin', 'zachodniopomorskie'], ['Bydgoszcz', 'kujawsko-pomorskie'],
  ['Lublin', 'lubelskie'], ['Białystok', 'podlaskie'], ['Katowice', 'śląskie'], ['Gdynia', 'pomorskie'],
  ['Częstochowa', 'śląskie'], ['Radom', 'mazowieckie'], ['Rzeszów', 'podkarpackie'], ['Toruń', 'kujawsko-pomorskie'],
  ['Sosnowiec', 'śląskie'], ['Kielce', 'świętokrzyskie'], ['Gliwice', 'śląskie'], ['Olsztyn', 'warmińsko-mazurskie'],
  ['Zabrze', 'śląskie'], ['Bielsko-Biała', 'śląskie'], ['Bytom', 'śląskie'], ['Zielona Góra', 'lubuskie'],
  ['Rybnik', 'śląskie'], ['Ruda Śląska', 'śląskie'], ['Opole', 'opolskie'], ['Tychy', 'śląskie'],
  ['Gorzów Wielkopolski', 'lubuskie'], ['Elbląg', 'warmińsko-mazurskie'], ['Płock', 'mazowieckie'], ['Wałbrzych', 'dolnośląskie'],
  ['Włocławek', 'kujawsko-pomorskie'], ['Tarnów', 'małopolskie'], ['Chorzów', 'śląskie'], ['Koszalin', 'zachodniopomorskie'],
  ['Kalisz', 'wielkopolskie'], ['Legnica', 'dolnośląskie'], ['Grudziądz', 'kujawsko-pomorskie'], ['Jaworzno', 'śląskie'],
  ['Słupsk', 'pomorskie'], ['Jastrzębie-Zdrój', 'śląskie'], ['Nowy Sącz', 'małopolskie'], ['Jelenia Góra', 'dolnośląskie'],
  ['Siedlce', 'mazowieckie'], ['Mysłowice', 'śląskie'], ['Konin', 'wielkopolskie'], ['Piła', 'wielkopolskie'],
  ['Piotrków Trybunalski', 'łódzkie'], ['Inowrocław', 'kujawsko-pomorskie'], ['Lubin', 'dolnośląskie'], ['Ostrów Wielkopolski', 'wielkopolskie'],
  ['Suwałki', 'podlaskie'], ['Stargard', 'zachodniopomorskie'], ['Gniezno', 'wielkopolskie'], ['Ostrowiec Świętokrzyski', 'świętokrzyskie'],
  ['Siemianowice Śląskie', 'śląskie'], ['Głogów', 'dolnośląskie'], ['Pabianice', 'łódzkie'], ['Leszno', 'wielkopolskie'],
  ['Zamość', 'lubelskie'], ['Łomża', 'podlaskie'], ['Żory', 'śląskie'], ['Pruszków', 'mazowieckie'],
  ['Tomaszów Mazowiecki', 'łódzkie'], ['Chełm', 'lubelskie'], ['Mielec', 'podkarpackie'], ['Przemyśl', 'podkarpackie'],
  ['Stalowa Wola', 'podkarpackie'], ['Kędzierzyn-Koźle', 'opolskie'], ['Biała Podlaska', 'lubelskie'], ['Tczew', 'pomorskie'],
  ['Ełk', 'warmińsko-mazurskie'], ['Świdnica', 'dolnośląskie'], ['Będzin', 'śląskie'], ['Zgierz', 'łódzkie'],
  ['Racibórz', 'śląskie'], ['Legionowo', 'mazowieckie'], ['Ostrołęka', 'mazowieckie'], ['Świętochłowice', 'śląskie'],
];

const CLUB_PREFIXES = [
  'KS', 'MKS', 'GKS', 'LKS', 'RKS', 'KP', 'Sparta', 'Polonia', 'Orzeł', 'Unia', 'Stal', 'Start', 'Warta', 'Odra',
  'Pogoń', 'Górnik', 'Hutnik', 'Czarni', 'Błękitni', 'Zieloni', 'Victoria', 'Olimpia', 'Concordia', 'Lechia', 'Resovia',
  'Włókniarz', 'Kolejarz', 'Gwardia', 'Sokół', 'Znicz',
];
const STREETS = ['Sportowa', 'Stadionowa', 'Olimpijska', 'Piłsudskiego', 'Mickiewicza', 'Słoneczna', 'Kolejowa', 'Parkowa', 'Leśna', 'Szkolna', 'Polna', 'Wojska Polskiego'];
const VENUE_KINDS = ['Stadion Miejski', 'Arena', 'Stadion', 'Boisko', 'Stadion Sportowy', 'Centrum Sportu', 'Stadion Piłkarski', 'Kompleks Sportowy'];
const SURFACES = ['grass', 'hybrid', 'artificial'] as const;
const COLORS = ['#C8102E', '#FFFFFF', '#1E4FA1', '#00843D', '#FFD700', '#000000', '#F47920', '#002B5C', '#8B0000', '#6A0DAD', '#87CEEB', '#808080'];
const TEAM_KINDS = [
  { kind: 'first', suffix: '' },
  { kind: 'reserve', suffix: ' II' },
  { kind: 'youth', suffix: ' U19' },
  { kind: 'women', suffix: ' Kobiety' },
] as const;
const COMPETITION_LEVELS = [
  { name: 'Liga okręgowa', code: 'LO', kind: 'league' },
  { name: 'Klasa A', code: 'KA', kind: 'league' },
  { name: 'Klasa B', code: 'KB', kind: 'league' },
  { name: 'IV liga', code: 'L4', kind: 'league' },
  { name: 'Puchar Polski', code: 'PP', kind: 'cup' },
  { name: 'Centralna Liga Juniorów', code: 'CLJ', kind: 'youth' },
  { name: 'Liga kobiet', code: 'LK', kind: 'women' },
  { name: 'Turniej towarzyski', code: 'TT', kind: 'friendly' },
] as const;
const SPONSOR_STEMS = ['Bud', 'Trans', 'Agro', 'Stal', 'Mleko', 'Energo', 'Farm', 'Auto', 'Inter', 'Eko', 'Pol', 'Tech', 'Med', 'Chem', 'Drew', 'Las', 'Wod', 'Gaz', 'Tex', 'Kom'];
const SPONSOR_ENDINGS = ['mex', 'pol', 'bud', 'ex', 'max', 'net', 'plast', 'ment', 'trans', 'tech', 'data', 'rol', 'gum', 'stal', 'mar', 'com'];
const SPONSOR_FORMS = ['Sp. z o.o.', 'S.A.', 'Sp. j.', 'Group', 'Polska', 'Holding', 'Serwis', 'Partner'];
const SPONSOR_TIERS = ['title', 'platinum', 'gold', 'silver', 'partner', 'supplier'] as const;
const TAG_TOPICS = ['Transfery', 'Kontuzje', 'Wywiady', 'Skróty', 'Młodzież', 'Kibice', 'Sędziowie', 'Statystyki', 'Stadiony', 'Taktyka', 'Bramki', 'Derby', 'Trening', 'Konferencja', 'Zapowiedź', 'Relacja'];
const STAFF_ROLES = [
  { name: 'Trener', kind: 'coaching' }, { name: 'Asystent trenera', kind: 'coaching' }, { name: 'Trener bramkarzy', kind: 'coaching' },
  { name: 'Trener przygotowania motorycznego', kind: 'coaching' }, { name: 'Lekarz', kind: 'medical' }, { name: 'Fizjoterapeuta', kind: 'medical' },
  { name: 'Masażysta', kind: 'medical' }, { name: 'Analityk wideo', kind: 'technical' }, { name: 'Skaut', kind: 'technical' },
  { name: 'Kierownik drużyny', kind: 'management' }, { name: 'Team manager', kind: 'management' }, { name: 'Kitman', kind: 'other' },
] as const;
const STAFF_SCOPES = ['seniorów', 'rezerw', 'U19', 'U17', 'U15', 'U13', 'kobiet', 'akademii'];
const TP_BRANDS = ['Sport', 'Arena', 'Stadion', 'Gol', 'Futbol', 'Kibic', 'Mecz', 'Liga', 'Boisko', 'Derby'];
const TP_KINDS = [
  { kind: 'tv', label: 'TV' },
  { kind: 'streaming', label: 'Online' },
  { kind: 'radio', label: 'Radio' },
] as const;
const CATEGORY_TOPICS = ['Aktualności', 'Zapowiedzi', 'Relacje', 'Wywiady', 'Felietony', 'Akademia', 'Historia', 'Galerie', 'Komunikaty', 'Bilety'];
const PRODUCT_KINDS = [
  { kind: 'ticket', name: 'Bilet', price: 39 },
  { kind: 'season_ticket', name: 'Karnet', price: 349 },
  { kind: 'merchandise', name: 'Koszulka meczowa', price: 249.99 },
  { kind: 'merchandise', name: 'Szalik', price: 49.9 },
  { kind: 'subscription', name: 'Abonament', price: 29.99 },
  { kind: 'pay_per_view', name: 'Transmisja PPV', price: 14.99 },
] as const;
const CURRENCIES = ['PLN', 'PLN', 'PLN', 'EUR'] as const;

const pick = <T>(list: readonly T[], i: number): T => list[((i % list.length) + list.length) % list.length];
/** A well-spread deterministic integer for index i (Knuth's multiplicative hash). */
const mix = (i: number) => Math.imul(i + 0x9e3779b9, 2654435761) >>> 0;

const slugify = (s: string) =>
  s
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Values already taken in a unique column (case-insensitive, as the API checks them). */
class Taken {
  private readonly set = new Set<string>();
  has(v: string) {
    return this.set.has(v.toLowerCase());
  }
  add(v: string) {
    this.set.add(v.toLowerCase());
  }
  /** The candidate, or the candidate with " 2", " 3"... when taken. */
  claim(candidate: string): string {
    let v = candidate;
    for (let n = 2; this.has(v); n++) v = `${candidate} ${n}`;
    this.add(v);
    return v;
  }
}

async function taken(db: DB, table: string, column: string, clientId: number): Promise<Taken> {
  const t = new Taken();
  const rows = await db.selectFrom(table).select(column).where('client_id', '=', clientId).where(column, 'is not', null).execute();
  for (const r of rows) t.add(String(r[column]));
  return t;
}

/** Codes of [A-Z0-9]: `prefix` then base-36 digits of n, padded to `width`. */
const code36 = (prefix: string, n: number, width: number) => prefix + n.toString(36).toUpperCase().padStart(width, '0');

// ---------------------------------------------------------------------------------------------

class BulkWriter {
  readonly tables: Record<string, number> = {};
  constructor(
    readonly database: Database,
    readonly clientId: number,
    readonly collation: Collation,
    readonly onTable?: (table: string, count: number) => void,
  ) {}

  /** Timestamps spread over the past (deterministic): row i of a table, i minutes apart. */
  stamp(i: number): unknown {
    return toDb(this.database.dialect, 'datetime', new Date(Date.UTC(2025, 5, 30, 12) - i * 60_000).toISOString());
  }

  bool(v: boolean): unknown {
    return toDb(this.database.dialect, 'boolean', v);
  }

  /**
   * Inserts rows in multi-row statements inside one transaction; returns the new ids in the
   * order of `rows` when asked. Ids of one statement increase in the order of its VALUES (SQLite's
   * rowid and a PostgreSQL sequence both count up), so sorting them restores that order whatever
   * order RETURNING gives.
   */
  async insert(table: string, rows: Values[], wantIds = false): Promise<number[]> {
    const ids: number[] = [];
    if (!rows.length) return ids;
    const full = rows.map((r, i) => {
      const out: Values = { client_id: this.clientId };
      for (const k in r) out[k] = typeof r[k] === 'boolean' ? this.bool(r[k]) : r[k];
      const at = this.stamp(i);
      out.created_at = at;
      out.updated_at = at;
      return withShadows(table, out, this.collation);
    });
    const columns = Object.keys(full[0]).length;
    const perStatement = Math.max(1, Math.min(500, Math.floor(30_000 / columns)));
    await this.database.db.transaction().execute(async (trx) => {
      for (let start = 0; start < full.length; start += perStatement) {
        const batch = full.slice(start, start + perStatement);
        if (wantIds) {
          const res = await trx.insertInto(table).values(batch).returning('id').execute();
          const got = res.map((r) => Number(r.id)).sort((a, b) => a - b);
          if (got.length !== batch.length) throw new Error(`${table}: inserted ${batch.length}, got ${got.length} ids`);
          ids.push(...got);
        } else {
          await trx.insertInto(table).values(batch).execute();
        }
      }
    });
    this.tables[table] = (this.tables[table] ?? 0) + rows.length;
    this.onTable?.(table, rows.length);
    return ids;
  }
}

/** How many rows of each table make up `rows` in all; images take what is left. */
export function bulkPlan(rows = 100_000) {
  const s = Math.max(rows, 1_000) / 100_000;
  const n = (base: number, min = 1) => Math.max(min, Math.round(base * s));
  const seasons = Math.min(200, n(120, 4));
  const competitions = n(500, 2);
  // Competition j runs in the most recent 1 + ((j * 7) % 39) seasons: about 20 on average, and
  // every competition in the latest one, like a league pyramid where many run side by side.
  const csPerCompetition = (j: number) => Math.min(seasons, 1 + ((j * 7) % 39));
  let competitionSeasons = 0;
  for (let j = 0; j < competitions; j++) competitionSeasons += csPerCompetition(j);
  const plan = {
    seasons,
    competitions,
    competitionSeasons,
    csPerCompetition,
    venues: n(6_000),
    clubs: n(12_000),
    teamsPerClub: 2,
    squadsPerSeason: 40,
    sponsors: n(2_500),
    products: n(2_000),
    tags: n(3_000),
    staffRoles: n(200),
    transmissionProviders: n(300),
    publicationCategories: n(300),
    images: 0,
  };
  const teams = plan.clubs * plan.teamsPerClub;
  const squads = Math.min(plan.squadsPerSeason, teams) * seasons;
  // Images every other row points to (one each), then gallery photos up to the total.
  const needed = competitionSeasons + competitions + plan.clubs + plan.venues + plan.sponsors + plan.transmissionProviders + plan.publicationCategories + plan.products;
  const others =
    seasons + competitions + competitionSeasons + plan.venues + plan.clubs + teams + squads + plan.sponsors + plan.products + plan.tags +
    plan.staffRoles + plan.transmissionProviders + plan.publicationCategories;
  plan.images = Math.max(needed, rows - others);
  return { ...plan, teams, squads, total: others + plan.images };
}

const FOREIGN = Object.entries(FOREIGN_POOLS);

/** People named as in the demo: four in five Polish, the rest from the foreign pools (diacritics of many languages). */
function bulkPlayers(count: number): Values[] {
  const rows: Values[] = [];
  for (let i = 0; i < count; i++) {
    const h = mix(i);
    const [country, pool] = h % 5 ? ['PL', { first: POLISH_FIRST_NAMES, last: POLISH_LAST_NAMES }] : pick(FOREIGN, h >>> 3);
    rows.push({
      first_name: pick(pool.first, h >>> 7),
      last_name: pick(pool.last, h >>> 13),
      nickname: i % 10 ? null : `${pick(pool.last, h >>> 13).slice(0, 4)}${i}`,
      birth_date: `${1985 + (h % 20)}-${String(1 + ((h >>> 5) % 12)).padStart(2, '0')}-${String(1 + ((h >>> 9) % 28)).padStart(2, '0')}`,
      nationality: country,
      position: pick(PLAYER_POSITIONS, h >>> 17),
      height_cm: 165 + (h % 35),
    });
  }
  return rows;
}

/** Inserts the bulk data set for one client (see the top of this file). */
export async function seedBulk(database: Database, clientId: number, options: BulkOptions = {}): Promise<BulkResult> {
  const started = performance.now();
  const plan = bulkPlan(options.rows ?? 100_000);
  const w = new BulkWriter(database, clientId, await clientCollation({ ...database, clientId }), options.onTable);
  const db = database.db;
  const d = database.dialect;

  // ---- images: one per thing that shows one, then a gallery.
  const imageRows: Values[] = [];
  const imageKinds = [
    ['posters', plan.competitionSeasons, 1200, 1600],
    ['competitions', plan.competitions, 512, 512],
    ['crests', plan.clubs, 256, 256],
    ['venues', plan.venues, 1920, 1080],
    ['sponsors', plan.sponsors, 400, 200],
    ['broadcasters', plan.transmissionProviders, 400, 200],
    ['categories', plan.publicationCategories, 1200, 630],
    ['products', plan.products, 800, 800],
  ] as const;
  const firstImage: Record<string, number> = {};
  // A run tag keeps paths distinct from an earlier bulk seed of the same client.
  const run = (await db.selectFrom('images').select((eb) => eb.fn.countAll().as('n')).where('client_id', '=', clientId).executeTakeFirst()) as { n: number | string };
  const runTag = `b${Number(run.n)}`;
  for (const [kind, count, width, height] of imageKinds) {
    firstImage[kind] = imageRows.length;
    for (let i = 0; i < count; i++)
      imageRows.push({ path: `bulk/${runTag}/${kind}/${String(i + 1).padStart(6, '0')}.png`, name: `${kind} ${i + 1}`, alt_text_pl: null, width, height });
  }
  firstImage.gallery = imageRows.length;
  for (let i = 0; imageRows.length < plan.images; i++) {
    const year = 2025 - (i % 12);
    imageRows.push({
      path: `bulk/${runTag}/gallery/${year}/${String(i + 1).padStart(6, '0')}.jpg`,
      name: `Galeria ${year} — zdjęcie ${i + 1}`,
      alt_text_pl: `Zdjęcie z meczu, sezon ${year}`,
      width: i % 5 === 0 ? 1080 : 1920,
      height: i % 5 === 0 ? 1350 : 1080,
    });
  }
  const imageIds = await w.insert('images', imageRows, true);
  const image = (kind: string, i: number) => imageIds[firstImage[kind] + i];
  const gallery = (i: number) => imageIds[firstImage.gallery + (i % Math.max(1, imageIds.length - firstImage.gallery))] ?? imageIds[i % imageIds.length];

  // ---- seasons: the most recent first (2023/24 back), skipping names in use.
  const seasonNames = await taken(db, 'seasons', 'name', clientId);
  const seasonRows: Values[] = [];
  for (let year = 2023, k = 0; seasonRows.length < plan.seasons; year--, k++) {
    const name = `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
    const unique = seasonNames.has(name) ? seasonNames.claim(`${name} (${k})`) : seasonNames.claim(name);
    seasonRows.push({ name: unique, start_date: `${year}-07-${String(14 + (k % 10)).padStart(2, '0')}`, end_date: `${year + 1}-05-${String(20 + (k % 9)).padStart(2, '0')}`, is_current: false });
  }
  const seasonIds = await w.insert('seasons', seasonRows, true);

  // ---- competitions
  const codes = await taken(db, 'competitions', 'code', clientId);
  const competitionRows: Values[] = [];
  for (let j = 0; j < plan.competitions; j++) {
    const level = pick(COMPETITION_LEVELS, j);
    const [city, region] = pick(CITIES, Math.floor(j / COMPETITION_LEVELS.length));
    const group = Math.floor(j / (COMPETITION_LEVELS.length * CITIES.length)) + 1;
    let code = code36(level.code, j, 4);
    for (let round = 1; codes.has(code); round++) code = code36(level.code, j + plan.competitions * round, 5);
    codes.add(code);
    competitionRows.push({
      name: `${level.name} ${region} — ${city}${group > 1 ? ` gr. ${group}` : ''}`,
      short_name: `${level.name} ${city}`.slice(0, 40),
      code,
      kind: level.kind,
      country: 'PL',
      is_active: j % 17 !== 0,
      display_order: 10 + j,
      points_for_win: 3,
      points_for_draw: 1,
      points_for_loss: 0,
      image_id: image('competitions', j),
    });
  }
  const competitionIds = await w.insert('competitions', competitionRows, true);

  // ---- competition seasons: each with its poster, season and competition.
  const csRows: Values[] = [];
  for (let j = 0; j < plan.competitions; j++) {
    for (let k = 0; k < plan.csPerCompetition(j); k++) {
      const season = seasonRows[k];
      const start = String(season.start_date);
      const day = 1 + (mix(j * 31 + k) % 28);
      csRows.push({
        name: `${competitionRows[j].name} ${season.name}`.slice(0, 160),
        start_date: `${start.slice(0, 4)}-08-${String(day).padStart(2, '0')}`,
        end_date: season.end_date,
        is_current: false,
        competition_id: competitionIds[j],
        season_id: seasonIds[k],
        image_id: image('posters', csRows.length),
      });
    }
  }
  await w.insert('competition_seasons', csRows);

  // ---- venues
  const venueRows: Values[] = [];
  for (let i = 0; i < plan.venues; i++) {
    const [city] = pick(CITIES, i);
    const h = mix(i);
    venueRows.push({
      name: `${pick(VENUE_KINDS, Math.floor(i / CITIES.length))} ${city}${i >= CITIES.length * VENUE_KINDS.length ? ` nr ${Math.floor(i / (CITIES.length * VENUE_KINDS.length)) + 1}` : ''}`,
      city,
      address: `ul. ${pick(STREETS, h)} ${1 + (h % 120)}`,
      country: 'PL',
      capacity: 500 + (h % 40_000),
      latitude: Math.round((49.2 + ((h >>> 8) % 5400) / 1000) * 10_000) / 10_000,
      longitude: Math.round((14.2 + ((h >>> 4) % 9800) / 1000) * 10_000) / 10_000,
      opened: 1920 + (h % 104),
      surface: pick(SURFACES, h >>> 3),
      image_id: image('venues', i),
    });
  }
  const venueIds = await w.insert('venues', venueRows, true);

  // ---- clubs: unique names and codes.
  const clubNames = await taken(db, 'clubs', 'name', clientId);
  const clubCodes = await taken(db, 'clubs', 'code', clientId);
  const clubRows: Values[] = [];
  let codeCounter = 0;
  for (let i = 0; i < plan.clubs; i++) {
    const prefix = pick(CLUB_PREFIXES, i);
    const [city] = pick(CITIES, Math.floor(i / CLUB_PREFIXES.length));
    const founded = 1900 + (mix(i) % 120);
    const round = Math.floor(i / (CLUB_PREFIXES.length * CITIES.length));
    const name = clubNames.claim(round === 0 ? `${prefix} ${city}` : `${prefix} ${city} ${founded}`);
    // Four characters, so never one of the demo's three-letter codes; skip any already in use.
    let code: string;
    do code = code36('', 36 ** 3 + codeCounter++, 4);
    while (clubCodes.has(code));
    clubCodes.add(code);
    const slug = slugify(name);
    const h = mix(i);
    clubRows.push({
      name,
      short_name: prefix.length > 3 ? prefix : `${prefix} ${city}`.slice(0, 40),
      code,
      founded,
      website: `https://${slug}.pl`,
      email: `biuro@${slug}.pl`,
      city,
      country: 'PL',
      primary_color: pick(COLORS, h),
      secondary_color: pick(COLORS, (h >>> 5) + 1),
      image_id: image('crests', i),
      venue_id: venueIds[i % venueIds.length],
    });
  }
  const clubIds = await w.insert('clubs', clubRows, true);

  // ---- teams: the first team and one more per club, with the club's crest.
  const teamRows: Values[] = [];
  for (let i = 0; i < plan.clubs; i++) {
    for (let t = 0; t < plan.teamsPerClub; t++) {
      const kind = t === 0 ? TEAM_KINDS[0] : pick(TEAM_KINDS.slice(1), i + t);
      const club = clubRows[i];
      teamRows.push({
        name: `${club.name}${kind.suffix}`.slice(0, 120),
        short_name: `${club.short_name}${kind.suffix}`.slice(0, 40),
        kind: kind.kind,
        club_id: clubIds[i],
        image_id: club.image_id,
      });
    }
  }
  const teamIds = await w.insert('teams', teamRows, true);

  // ---- squads: several per season (a team's squad for that season).
  const squadRows: Values[] = [];
  const perSeason = Math.min(plan.squadsPerSeason, teamIds.length);
  for (let k = 0; k < seasonRows.length; k++) {
    for (let q = 0; q < perSeason; q++) {
      const t = (k * 7 + q * Math.max(1, Math.floor(teamIds.length / perSeason))) % teamIds.length;
      squadRows.push({
        name: `${teamRows[t].name} ${seasonRows[k].name}`.slice(0, 160),
        season_id: seasonIds[k],
        team_id: teamIds[t],
        image_id: (q + k) % 3 === 0 ? gallery(k * perSeason + q) : teamRows[t].image_id,
      });
    }
  }
  await w.insert('squads', squadRows);

  // ---- sponsors
  const sponsorNames = await taken(db, 'sponsors', 'name', clientId);
  const sponsorRows: Values[] = [];
  for (let i = 0; i < plan.sponsors; i++) {
    const stem = `${pick(SPONSOR_STEMS, i)}${pick(SPONSOR_ENDINGS, Math.floor(i / SPONSOR_STEMS.length))}`;
    const form = pick(SPONSOR_FORMS, Math.floor(i / (SPONSOR_STEMS.length * SPONSOR_ENDINGS.length)));
    const extra = Math.floor(i / (SPONSOR_STEMS.length * SPONSOR_ENDINGS.length * SPONSOR_FORMS.length));
    const name = sponsorNames.claim(`${stem} ${form}${extra ? ` ${pick(CITIES, extra)[0]}` : ''}`);
    sponsorRows.push({
      name,
      website: `https://www.${slugify(name)}.pl`,
      tier: pick(SPONSOR_TIERS, mix(i)),
      display_order: 100 + i,
      is_active: i % 11 !== 0,
      image_id: image('sponsors', i),
    });
  }
  await w.insert('sponsors', sponsorRows);

  // ---- products
  const productRows: Values[] = [];
  for (let i = 0; i < plan.products; i++) {
    const p = pick(PRODUCT_KINDS, i);
    const club = clubRows[mix(i) % clubRows.length];
    productRows.push({
      name: `${p.name} — ${club.name}`.slice(0, 160),
      kind: p.kind,
      description: `${p.name} klubu ${club.name}. Oferta sezonowa nr ${i + 1}.`,
      price: Math.round((p.price + (i % 7) * 5) * 100) / 100,
      currency: pick(CURRENCIES, i),
      url: `${club.website}/sklep/${slugify(p.name)}-${i + 1}`,
      is_active: i % 9 !== 0,
      image_id: image('products', i),
    });
  }
  await w.insert('products', productRows);

  // ---- tags: unique name and slug.
  const tagNames = await taken(db, 'tags', 'name', clientId);
  const tagSlugs = await taken(db, 'tags', 'slug', clientId);
  const tagRows: Values[] = [];
  for (let i = 0; tagRows.length < plan.tags; i++) {
    const topic = pick(TAG_TOPICS, i);
    const subject = clubRows[Math.floor(i / TAG_TOPICS.length) % clubRows.length].name as string;
    const round = Math.floor(i / (TAG_TOPICS.length * clubRows.length));
    const name = `${topic} ${subject}${round ? ` ${round + 1}` : ''}`.slice(0, 80);
    const slug = slugify(name);
    if (tagNames.has(name) || tagSlugs.has(slug)) continue;
    tagNames.add(name);
    tagSlugs.add(slug);
    tagRows.push({ name, slug });
  }
  await w.insert('tags', tagRows);

  // ---- staff roles: unique names.
  const roleNames = await taken(db, 'staff_roles', 'name', clientId);
  const roleRows: Values[] = [];
  for (let i = 0; i < plan.staffRoles; i++) {
    const role = pick(STAFF_ROLES, i);
    const scope = pick(STAFF_SCOPES, Math.floor(i / STAFF_ROLES.length));
    const round = Math.floor(i / (STAFF_ROLES.length * STAFF_SCOPES.length));
    roleRows.push({ name: roleNames.claim(`${role.name} ${scope}${round ? ` (${round + 1})` : ''}`), kind: role.kind, display_order: 100 + i });
  }
  await w.insert('staff_roles', roleRows);

  // ---- transmission providers: unique names.
  const tpNames = await taken(db, 'transmission_providers', 'name', clientId);
  const tpRows: Values[] = [];
  for (let i = 0; i < plan.transmissionProviders; i++) {
    const kind = pick(TP_KINDS, i);
    const [city] = pick(CITIES, Math.floor(i / TP_KINDS.length));
    const name = tpNames.claim(`${pick(TP_BRANDS, i)} ${kind.label} ${city}`);
    tpRows.push({ name, kind: kind.kind, website: `https://${slugify(name)}.pl`, image_id: image('broadcasters', i) });
  }
  await w.insert('transmission_providers', tpRows);

  // ---- publication categories: unique name and slug.
  const catNames = await taken(db, 'publication_categories', 'name', clientId);
  const catSlugs = await taken(db, 'publication_categories', 'slug', clientId);
  const catRows: Values[] = [];
  for (let i = 0; catRows.length < plan.publicationCategories; i++) {
    const topic = pick(CATEGORY_TOPICS, i);
    const [city] = pick(CITIES, Math.floor(i / CATEGORY_TOPICS.length));
    const round = Math.floor(i / (CATEGORY_TOPICS.length * CITIES.length));
    const name = `${topic} — ${city}${round ? ` ${round + 1}` : ''}`;
    const slug = slugify(name);
    if (catNames.has(name) || catSlugs.has(slug)) continue;
    catNames.add(name);
    catSlugs.add(slug);
    catRows.push({ name, slug, description: `${topic} z regionu: ${city}.`, display_order: 100 + catRows.length, image_id: image('categories', catRows.length) });
  }
  await w.insert('publication_categories', catRows);

  if (options.players) await w.insert('players', bulkPlayers(options.players));

  // Fresh planner statistics after a bulk load, as a DBA would run (autovacuum does it later anyway).
  if (d === 'postgres') await sql`ANALYZE`.execute(db);

  const rows = Object.values(w.tables).reduce((a, b) => a + b, 0);
  return { rows, tables: w.tables, ms: performance.now() - started };
}
