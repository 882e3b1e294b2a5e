import type { Database, DB } from '../db/database';
import { nowIso, toDb } from '../db/values';
import { newStorageKey } from '../storage/keys';
import type { Storage } from '../storage/storage';
import type { DemoVideo } from './demo-video';
import { foldForSearch, type Collation } from '../text/collation';
import { DEMO_CLUBS, DEMO_PRODUCTS, DEMO_PUBLICATION_CATEGORIES, DEMO_SPONSORS, DEMO_TRANSMISSION_PROVIDERS } from './demo-data';
import { bodyOf, crestSvg, logoSvg, picture, portraitSvg, stadiumSvg, type DemoPicture } from './pictures';

/** A picture put into storage, waiting for its library row. */
export interface StoredPicture extends DemoPicture {
  key: string;
  imagePath: string;
}

export interface DemoPictures {
  competition: StoredPicture;
  cup: StoredPicture;
  crests: StoredPicture[];
  /** Per club: a player's and a staff member's portrait. */
  players: StoredPicture[];
  staff: StoredPicture[];
  sponsors: StoredPicture[];
  venues: StoredPicture[];
  broadcasters: StoredPicture[];
  products: StoredPicture[];
  categories: StoredPicture[];
}

const SPONSOR_COLOURS = ['#003574', '#D52B1E', '#00853F', '#111111', '#000000', '#003399'];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Draws the demo pictures and stores them through the Storage interface (local disk or S3), before
 * the seed's transaction: the rows that list them are written in it.
 */
export async function storeDemoPictures(storage: Storage, clientId: number): Promise<DemoPictures> {
  const store = async (p: Promise<DemoPicture>): Promise<StoredPicture> => {
    const pic = await p;
    const key = newStorageKey(clientId, 'png');
    await storage.put(key, bodyOf(pic), { contentType: 'image/png', size: pic.png.length });
    // As the library's ingest makes it: the key without the client prefix, unguessable by its uuid.
    return { ...pic, key, imagePath: key.replace(/^c\d+\//, '') };
  };
  const logos = (folder: string, items: readonly { name: string }[], colour: (i: number) => string) =>
    Promise.all(items.map((item, i) => store(picture(folder, `${slug(item.name)}.png`, logoSvg(item.name, colour(i))))));
  const [competition, cup, crests, players, staff, sponsors, venues, broadcasters, products, categories] = await Promise.all([
    store(picture('/rozgrywki/', 'ekstraklasa.png', logoSvg('Ekstraklasa', '#0B3D91', 512, 512))),
    store(picture('/rozgrywki/', 'puchar-polski.png', logoSvg('Puchar Polski', '#B8860B', 512, 512))),
    Promise.all(DEMO_CLUBS.map((club) => store(picture('/herby/', `${slug(club.short)}.png`, crestSvg(club))))),
    Promise.all(DEMO_CLUBS.map((club, i) => store(picture('/zawodnicy/', `${slug(club.short)}.png`, portraitSvg(club.colors, 'player', i))))),
    Promise.all(DEMO_CLUBS.map((club, i) => store(picture('/sztab/', `${slug(club.short)}.png`, portraitSvg(club.colors, 'staff', i + 2))))),
    logos('/sponsorzy/', DEMO_SPONSORS, (i) => SPONSOR_COLOURS[i % SPONSOR_COLOURS.length]),
    Promise.all(DEMO_CLUBS.map((club) => store(picture('/stadiony/', `${slug(club.venue.name)}.png`, stadiumSvg(club.colors))))),
    logos('/nadawcy/', DEMO_TRANSMISSION_PROVIDERS, (i) => SPONSOR_COLOURS[(i + 1) % SPONSOR_COLOURS.length]),
    logos('/sklep/', DEMO_PRODUCTS, () => '#0B3D91'),
    logos('/kategorie/', DEMO_PUBLICATION_CATEGORIES, () => '#37474F'),
  ]);
  return { competition, cup, crests, players, staff, sponsors, venues, broadcasters, products, categories };
}

/** Library rows (files and their folders) and images rows for the demo pictures, in the seed's transaction. */
export class DemoLibrary {
  private readonly folders = new Set<string>();
  private readonly now: unknown;

  constructor(
    private readonly db: DB,
    private readonly dialect: Database['dialect'],
    private readonly clientId: number,
    private readonly collation: Collation,
  ) {
    this.now = toDb(dialect, 'datetime', nowIso());
  }

  private shadows(name: string) {
    const bare = name.endsWith('/') ? name.slice(0, -1) : name;
    return { search_text: foldForSearch(bare), name_sort: this.collation.key(bare) };
  }

  private async folder(path: string): Promise<void> {
    if (this.folders.has(path)) return;
    this.folders.add(path);
    const name = path.slice(1);
    await this.db
      .insertInto('media_files')
      .values({ client_id: this.clientId, path: '/', name, kind: 'folder', state: 'stored', created_by: 'admin', created_at: this.now, updated_at: this.now, ...this.shadows(name) })
      .execute();
  }

  /** The media_files row of a stored picture; its id as images name it. */
  async file(pic: StoredPicture, altText: string | null = null): Promise<string> {
    await this.folder(pic.folder);
    const row = await this.db
      .insertInto('media_files')
      .values({
        client_id: this.clientId, path: pic.folder, name: pic.name, kind: 'image', state: 'stored', size: pic.png.length,
        content_type: 'image/png', width: pic.width, height: pic.height, alt_text: altText, sha256: pic.sha256,
        storage_key: pic.key, image_path: pic.imagePath, created_by: 'admin', created_at: this.now, updated_at: this.now,
        ...this.shadows(pic.name),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  }

  /** The media_files row of the demo clip (its poster goes through `file`). */
  async video(clip: DemoVideo): Promise<string> {
    await this.folder(clip.folder);
    const row = await this.db
      .insertInto('media_files')
      .values({
        client_id: this.clientId, path: clip.folder, name: clip.name, kind: 'video', state: 'stored', size: clip.size,
        content_type: 'video/mp4', width: clip.width, height: clip.height, duration: clip.duration, sha256: clip.sha256,
        storage_key: clip.key, image_path: null, created_by: 'admin', created_at: this.now, updated_at: this.now,
        ...this.shadows(clip.name),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  }

  /** Images rows using one file (a club's portrait is every one of its players' photo, each with its own alt text). */
  imageRows(fileId: string, pic: StoredPicture, uses: { name: string; alt_text_pl: string; alt_text_en: string; focal_y?: number }[]) {
    return uses.map((use) => ({
      file_id: fileId, path: pic.imagePath, width: pic.width, height: pic.height, focal_x: 0.5, focal_y: use.focal_y ?? 0.5,
      credit: 'Umpire demo', name: use.name, alt_text_pl: use.alt_text_pl, alt_text_en: use.alt_text_en,
    }));
  }
}

/** What linkPortraits needs of the seed's writer. */
export interface RowWriter {
  db: DB;
  clientId: number;
  insertMany(table: string, rows: Record<string, unknown>[]): Promise<number[]>;
}

/**
 * Every player and staff member gets a photo: their club's portrait (of their current squad, else
 * their last one), each in an images row of its own naming the person.
 */
export async function linkPortraits(w: RowWriter, library: DemoLibrary, pictures: DemoPictures): Promise<void> {
  const clubIndex = new Map(DEMO_CLUBS.map((club, i) => [club.code, i]));
  const people = [
    { table: 'players', link: 'squad_players', fk: 'player_id', portraits: pictures.players, pl: 'Zdjęcie zawodnika', en: 'Photo of player' },
    { table: 'staff_members', link: 'squad_staff_members', fk: 'staff_member_id', portraits: pictures.staff, pl: 'Zdjęcie członka sztabu', en: 'Photo of staff member' },
  ] as const;
  for (const kind of people) {
    const rows = await w.db
      .selectFrom(`${kind.link} as m`)
      .innerJoin('squads as q', 'q.id', 'm.squad_id')
      .innerJoin('teams as t', 't.id', 'q.team_id')
      .innerJoin('clubs as c', 'c.id', 't.club_id')
      .innerJoin('seasons as s', 's.id', 'q.season_id')
      .innerJoin(`${kind.table} as p`, 'p.id', `m.${kind.fk}`)
      .select(['p.id as id', 'p.first_name as first_name', 'p.last_name as last_name', 'c.code as code'])
      .where('m.client_id', '=', w.clientId)
      .orderBy('s.start_date', 'desc')
      .orderBy('p.id')
      .execute();
    const seen = new Set<number>();
    const chosen = rows.filter((r) => !seen.has(Number(r.id)) && seen.add(Number(r.id)) && clubIndex.has(String(r.code)));
    const fileIds = await Promise.all(kind.portraits.map((pic) => library.file(pic)));
    const imageRows = chosen.flatMap((r) => {
      const c = clubIndex.get(String(r.code))!;
      const name = `${String(r.first_name)} ${String(r.last_name)}`;
      return library.imageRows(fileIds[c], kind.portraits[c], [{ name, alt_text_pl: `${kind.pl}: ${name}`, alt_text_en: `${kind.en}: ${name}`, focal_y: 0.4 }]);
    });
    const imageIds = await w.insertMany('images', imageRows);
    for (const [i, r] of chosen.entries())
      await w.db.updateTable(kind.table).set({ image_id: imageIds[i] }).where('id', '=', Number(r.id)).where('client_id', '=', w.clientId).execute();
  }
}
