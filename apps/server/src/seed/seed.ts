import type { Database, DB } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { DEFAULT_SETTINGS } from '../client/routes';
import { contentLanguageOf, shadowStamp, withShadows } from '../jsonapi/shadow';
import { nowIso, toDb } from '../db/values';
import { collationFor, type Collation } from '../text/collation';
import {
  DEMO_CLUBS,
  DEMO_PASSWORD,
  DEMO_PRODUCTS,
  DEMO_PUBLICATION_CATEGORIES,
  DEMO_SPONSORS,
  DEMO_STAFF_ROLES,
  DEMO_TAGS,
  DEMO_TRANSMISSION_PROVIDERS,
  DEMO_USERS,
} from './demo-data';
import { DEMO_TIEBREAKERS, demoCalendar, seedSeason } from './season';
import { DEFAULT_MATCH_ALERT_KINDS, DEFAULT_MATCH_ALERT_TEMPLATES, MATCH_ALERT_TEMPLATE_KINDS } from '@umpire/schema';

/** The demo league's match alerts: the defaults, and corrections of what went out. */
const DEMO_ALERT_KINDS: readonly string[] = [...DEFAULT_MATCH_ALERT_KINDS, 'correction'];
import { DemoLibrary, linkPortraits, storeDemoPictures } from './demo-pictures';
import { storeDemoVideo } from './demo-video';
import { seedDemoOtt } from './demo-ott';
import { seedDemoPages } from './demo-pages';
import { DEMO_PREDICTED_ROUNDS, seedMatchPredictor } from './match-predictor';
import { seedArticles } from './articles';
import { seedDemoSurveys } from './engagement';
import { seedDemoQuizzes } from './demo-quizzes';
import { seedFanSeason } from './fan-season';
import type { Storage } from '../storage/storage';

export const DEMO_CLIENT = 'Ekstraklasa Demo';
export const OTHER_CLIENT = 'Other League';

type Values = Record<string, unknown>;

/** Inserts rows for one client with timestamps and booleans as the database wants them. */
class Seeder {
  // Also the RowWriter of demo-pictures.ts (linkPortraits).
  readonly now: unknown;
  constructor(
    readonly db: DB,
    readonly dialect: Database['dialect'],
    readonly clientId: number,
    readonly collation: Collation,
  ) {
    this.now = toDb(dialect, 'datetime', nowIso());
  }

  private row(table: string, values: Values): Values {
    const out: Values = { client_id: this.clientId, created_at: this.now, updated_at: this.now };
    for (const [k, v] of Object.entries(values)) out[k] = typeof v === 'boolean' ? toDb(this.dialect, 'boolean', v) : v;
    return withShadows(table, out, this.collation);
  }

  async insert(table: string, values: Values): Promise<number> {
    const r = await this.db.insertInto(table).values(this.row(table, values)).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async insertMany(table: string, rows: Values[]): Promise<number[]> {
    if (!rows.length) return [];
    const r = await this.db.insertInto(table).values(rows.map((v) => this.row(table, v))).returning('id').execute();
    return r.map((x) => Number(x.id));
  }
}

/** A client with the default settings; its rows are keyed in its content language, which it is stamped with. */
async function createClient(db: DB, dialect: Database['dialect'], name: string, slug: string, providers: Record<string, string>) {
  const now = toDb(dialect, 'datetime', nowIso());
  const collation = collationFor(contentLanguageOf(DEFAULT_SETTINGS));
  const r = await db
    .insertInto('clients')
    .values({
      name, slug, providers: JSON.stringify(providers), settings: JSON.stringify(DEFAULT_SETTINGS), collation: shadowStamp(collation), created_at: now, updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(r.id), collation };
}

export async function createUser(
  database: Database,
  clientId: number,
  user: { username: string; display_name?: string; roles: string[]; password: string },
) {
  const now = toDb(database.dialect, 'datetime', nowIso());
  await database.db
    .insertInto('users')
    .values({
      client_id: clientId,
      username: user.username,
      display_name: user.display_name ?? user.username,
      password_hash: await hashPassword(user.password),
      roles: JSON.stringify(user.roles),
      disabled: toDb(database.dialect, 'boolean', false),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function isSeeded(database: Database): Promise<boolean> {
  return !!(await database.db.selectFrom('clients').select('id').where('name', '=', DEMO_CLIENT).executeTakeFirst());
}

const slugify = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The demo data, the same on every run apart from the dates, which follow `now`: the current
 * season is the one containing it, with a match live at that moment. Used by `npm start`, tests
 * and benchmarks.
 */
/**
 * `playedRounds` (default 17) plays more of the season, for benchmarks of a whole season. The demo
 * pictures (crests, portraits, logos) are drawn here and stored through `storage`.
 */
export async function seedDemo(
  database: Database,
  opts: { now?: Date; playedRounds?: number; storage: Storage },
): Promise<{ clientId: number; otherClientId: number } | null> {
  if (await isSeeded(database)) return null;
  const today = opts.now ?? new Date();
  const calendar = demoCalendar(today);
  const hashes = await Promise.all([...DEMO_USERS, { username: 'other-admin' }].map(() => hashPassword(DEMO_PASSWORD)));
  const staff = database.db.transaction().execute(async (db) => {
    const client = await createClient(db, database.dialect, DEMO_CLIENT, 'ekstraklasa-demo', {
      opta: '1234,5678',
      wyscout: '901',
      internal_crm: 'hidden',
    });
    const clientId = client.id;
    const s = new Seeder(db, database.dialect, clientId, client.collation);
    const now = s.now;
    await db
      .insertInto('users')
      .values(
        DEMO_USERS.map((u, i) => ({
          client_id: clientId,
          username: u.username,
          display_name: u.display_name,
          password_hash: hashes[i],
          roles: JSON.stringify(u.roles),
          disabled: toDb(database.dialect, 'boolean', false),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();

    // The pictures go to storage inside the transaction: their keys carry the new client's id.
    const [pictures, clip] = await Promise.all([storeDemoPictures(opts.storage, clientId), storeDemoVideo(opts.storage, clientId)]);
    const library = new DemoLibrary(db, database.dialect, clientId, client.collation);
    const imageOf = async (pic: typeof pictures.competition, use: { name: string; alt_text_pl: string; alt_text_en: string }) =>
      s.insert('images', library.imageRows(await library.file(pic, use.alt_text_pl), pic, [use])[0]);
    const logo = await imageOf(pictures.competition, { name: 'Ekstraklasa', alt_text_pl: 'Logo Ekstraklasy', alt_text_en: 'Ekstraklasa logo' });
    const cupLogo = await imageOf(pictures.cup, { name: 'Puchar Polski', alt_text_pl: 'Logo Pucharu Polski', alt_text_en: 'Polish Cup logo' });
    const competitionId = await s.insert('competitions', {
      name: 'PKO BP Ekstraklasa', short_name: 'Ekstraklasa', code: 'EKS', kind: 'league', country: 'PL', is_active: true,
      display_order: 1, points_for_win: 3, points_for_draw: 1, points_for_loss: 0, image_id: logo,
      tiebreakers: toDb(database.dialect, 'json', DEMO_TIEBREAKERS),
      // Ekstraklasa: direct matches decide only once both have been played.
      head_to_head_only_when_complete: toDb(database.dialect, 'boolean', true),
    });
    const cupId = await s.insert('competitions', {
      name: 'Fortuna Puchar Polski', short_name: 'Puchar Polski', code: 'PP', kind: 'cup', country: 'PL', is_active: true,
      display_order: 2, points_for_win: 3, points_for_draw: 1, points_for_loss: 0, image_id: cupLogo,
    });
    const seasons = [
      { ...calendar.previous, is_current: false },
      { ...calendar.current, is_current: true },
    ];
    const seasonIds = await s.insertMany('seasons', seasons);
    for (const [i, season] of seasons.entries()) {
      await s.insert('competition_seasons', {
        name: `PKO BP Ekstraklasa ${season.name}`, start_date: season.start_date, end_date: season.end_date,
        is_current: season.is_current, competition_id: competitionId, season_id: seasonIds[i], image_id: logo,
      });
    }
    await s.insert('competition_seasons', {
      name: `Fortuna Puchar Polski ${seasons[1].name}`, start_date: calendar.cup.start_date, end_date: calendar.cup.end_date,
      is_current: true, competition_id: cupId, season_id: seasonIds[1], image_id: cupLogo,
    });

    for (const [c, club] of DEMO_CLUBS.entries()) {
      const crest = await imageOf(pictures.crests[c], { name: `${club.name} — herb`, alt_text_pl: `Herb ${club.name}`, alt_text_en: `${club.name} crest` });
      const venueImage = await imageOf(pictures.venues[c], { name: club.venue.name, alt_text_pl: `Stadion: ${club.venue.name}`, alt_text_en: `Ground: ${club.venue.name}` });
      const venueId = await s.insert('venues', {
        name: club.venue.name, city: club.city, address: club.venue.address, country: 'PL', capacity: club.venue.capacity,
        latitude: club.venue.lat, longitude: club.venue.lng, opened: club.venue.opened, surface: 'grass', image_id: venueImage,
      });
      const clubId = await s.insert('clubs', {
        name: club.name, short_name: club.short, code: club.code, founded: club.founded, website: club.website,
        email: `kontakt@${new URL(club.website).hostname.replace(/^www\./, '')}`, city: club.city, country: 'PL',
        primary_color: club.colors[0], secondary_color: club.colors[1], image_id: crest, venue_id: venueId,
      });
      const teamId = await s.insert('teams', { name: club.name, short_name: club.short, kind: 'first', club_id: clubId, image_id: crest });
      await s.insertMany(
        'squads',
        seasons.map((season, i) => ({ name: `${club.name} ${season.name}`, season_id: seasonIds[i], team_id: teamId, image_id: crest })),
      );
    }

    for (const [i, sp] of DEMO_SPONSORS.entries()) {
      const image = await imageOf(pictures.sponsors[i], { name: sp.name, alt_text_pl: `Logo ${sp.name}`, alt_text_en: `${sp.name} logo` });
      await s.insert('sponsors', { name: sp.name, tier: sp.tier, website: sp.website, display_order: i + 1, is_active: true, image_id: image });
    }
    await s.insertMany('tags', DEMO_TAGS.map((name) => ({ name, slug: slugify(name) })));
    await s.insertMany('staff_roles', DEMO_STAFF_ROLES.map((r, i) => ({ name: r.name, kind: r.kind, display_order: i + 1 })));
    const logosOf = (pics: typeof pictures.products, items: readonly { name: string }[]) =>
      Promise.all(items.map((item, i) => imageOf(pics[i], { name: item.name, alt_text_pl: `Logo: ${item.name}`, alt_text_en: `Logo: ${item.name}` })));
    const broadcasterImages = await logosOf(pictures.broadcasters, DEMO_TRANSMISSION_PROVIDERS);
    const categoryImages = await logosOf(pictures.categories, DEMO_PUBLICATION_CATEGORIES);
    const productImages = await logosOf(pictures.products, DEMO_PRODUCTS);
    await s.insertMany(
      'transmission_providers',
      DEMO_TRANSMISSION_PROVIDERS.map((t, i) => ({ name: t.name, kind: t.kind, website: t.website, image_id: broadcasterImages[i] })),
    );
    await s.insertMany(
      'publication_categories',
      DEMO_PUBLICATION_CATEGORIES.map((c, i) => ({ ...c, description: null, display_order: i + 1, image_id: categoryImages[i] })),
    );
    await s.insertMany(
      'products',
      DEMO_PRODUCTS.map((p, i) => ({ name: p.name, kind: p.kind, price: p.price, currency: 'PLN', is_active: true, description: null, image_id: productImages[i] })),
    );
    if (clip) {
      const poster = await imageOf(clip.poster, { name: 'Skrót meczu — kadr', alt_text_pl: 'Kadr ze skrótu meczu', alt_text_en: 'Still from the match highlights' });
      await s.insert('videos', {
        file_id: await library.video(clip), name: 'Skrót meczu (demo)', duration: clip.duration, width: clip.width, height: clip.height,
        size: clip.size, content_type: 'video/mp4', poster_id: poster,
      });
    } else console.warn('seed: ffmpeg is not installed, so the demo data has no video');
    // Players, staff and the current league season played up to now (needs the clubs, squads, roles and broadcasters above).
    // The last played rounds wait to be played until the demo fans have predicted them.
    const heldBack = await seedSeason(db, database.dialect, clientId, { now: today, playedRounds: opts.playedRounds, heldBackRounds: DEMO_PREDICTED_ROUNDS });
    await linkPortraits(s, library, pictures);
    // The predictor's ranking before the pages: a page shows it.
    await seedMatchPredictor(db, database.dialect, clientId, today);
    await seedDemoPages(s, { now: today });
    await seedArticles(db, database.dialect, clientId, today);
    const surveys = await seedDemoSurveys(db, database.dialect, clientId, today);
    const quizzes = await seedDemoQuizzes(s, { now: today, seasonName: calendar.current.name });
    // Settings › Match alerts (issue 41): a row for every kind, so staff see each one to turn on;
    // the league sends goals, red cards, full time and corrections.
    await s.insertMany(
      'match_alert_templates',
      MATCH_ALERT_TEMPLATE_KINDS.map((kind) => {
        const t = DEFAULT_MATCH_ALERT_TEMPLATES[kind];
        return { kind, enabled: DEMO_ALERT_KINDS.includes(kind), title_pl: t.pl.title, body_pl: t.pl.body, title_en: t.en.title, body_en: t.en.body };
      }),
    );

    // A second tenant, so that isolation can be seen and tested.
    const other = await createClient(db, database.dialect, OTHER_CLIENT, 'other-league', { opta: '42' });
    const otherClientId = other.id;
    const o = new Seeder(db, database.dialect, otherClientId, other.collation);
    await db
      .insertInto('users')
      .values({
        client_id: otherClientId, username: 'other-admin', display_name: 'Other Admin', password_hash: hashes.at(-1),
        roles: JSON.stringify(['admin']), disabled: toDb(database.dialect, 'boolean', false), created_at: now, updated_at: now,
      })
      .execute();
    const otherVenue = await o.insert('venues', { name: 'Riverside Ground', city: 'Springfield', capacity: 12000, country: 'GB' });
    await o.insert('clubs', { name: 'Springfield Rovers', short_name: 'Rovers', code: 'SPR', founded: 1899, city: 'Springfield', venue_id: otherVenue });
    await o.insert('sponsors', { name: 'Acme Corp', tier: 'title', is_active: true, display_order: 1 });
    await o.insert('tags', { name: 'Transfery', slug: 'transfery' });
    return { clientId, otherClientId, quizzes, surveys, heldBack };
  });
  // Another instance seeding the same empty database at the same moment wins (its client commits
  // first): fine. What fails after this commit is this seed's own failure, and is thrown.
  const seeded = await staff.catch(async (err: unknown) => {
    if (await isSeeded(database)) return null;
    throw err;
  });
  if (!seeded) return null;
  // The fans' season goes through the fan API, after the staff's part is committed.
  await seedFanSeason({ database, storage: opts.storage, clientId: seeded.clientId, now: today, quizzes: seeded.quizzes, surveys: seeded.surveys, heldBack: seeded.heldBack });
  // The streaming side goes through the staff API, as operators make it.
  await seedDemoOtt({ database, storage: opts.storage, clientId: seeded.clientId, now: today });
  return { clientId: seeded.clientId, otherClientId: seeded.otherClientId };
}
