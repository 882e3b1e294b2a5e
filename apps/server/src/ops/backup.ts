import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config';
import type { Storage } from '../storage/storage';

/**
 * Backups that restore (issue 12, point 4). A backup is a folder:
 * - `database.sqlite` (`VACUUM INTO`: one snapshot, compacted, while the server writes) or
 *   `database.pgdump` (pg_dump's custom format: one snapshot transaction, writers are not stopped);
 * - `files/<storage key>`: every object of the storage (either driver), copied after the database,
 *   so a file uploaded meanwhile is at worst an extra; `manifest.json` says how many objects the
 *   database's index names that were gone by then (deleted meanwhile);
 * - `jwt-secret` when the installation keeps its secret in its data folder;
 * - `manifest.json`: what it holds, and the row count of each table.
 * Restore needs an empty installation (no tables), so it can never mix two histories.
 */

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  created_at: string;
  dialect: 'sqlite' | 'postgres';
  tables: Record<string, number>;
  files: { count: number; bytes: number; missing: string[] };
  secret: boolean;
}

/** PostgreSQL's client programs: on PATH, else the newest Debian installation under /usr/lib/postgresql. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(join(root, v, 'bin', name))) return join(root, v, 'bin', name);
  }
  return name;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd.split(sep).pop()} failed (${code}): ${err.trim().slice(0, 2000)}`))));
  });
}

async function tableCounts(config: Config): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1");
      for (const { name } of rows) out[name] = Number((await client.query<{ n: string }>(`select count(*) as n from "${name}"`)).rows[0].n);
    } finally {
      await client.end();
    }
    return out;
  }
  if (!existsSync(config.sqlitePath)) return out;
  const db = new SQLite(config.sqlitePath, { readonly: true });
  try {
    const names = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by 1").pluck().all() as string[];
    for (const name of names) out[name] = Number(db.prepare(`select count(*) from "${name}"`).pluck().get());
  } finally {
    db.close();
  }
  return out;
}

/** Writes a backup of the installation into `dir` (created; must not exist or be empty) while it keeps serving. */
export async function backupInstallation(config: Config, storage: Storage, dir: string): Promise<BackupManifest> {
  if (existsSync(dir) && readdirSync(dir).length) throw new Error(`${dir} is not empty: choose a new folder for the backup.`);
  mkdirSync(dir, { recursive: true });
  const createdAt = new Date().toISOString();
  let dialect: BackupManifest['dialect'];
  let tables: Record<string, number>;
  if (config.databaseUrl) {
    dialect = 'postgres';
    await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${join(dir, 'database.pgdump')}`, `--dbname=${config.databaseUrl}`]);
    // Counted from the copy's own point of view would need a restore; the live counts are a floor.
    tables = await tableCounts(config);
  } else {
    dialect = 'sqlite';
    // VACUUM INTO copies one read transaction's snapshot; in WAL mode writers go on meanwhile. (The
    // page-by-page backup API starts over whenever another connection writes, so under a steady
    // stream of writes it may never finish.)
    const source = new SQLite(config.sqlitePath, { readonly: true, fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      source.prepare('vacuum into ?').run(join(dir, 'database.sqlite'));
    } finally {
      source.close();
    }
    tables = await tableCounts({ ...config, sqlitePath: join(dir, 'database.sqlite') });
  }

  // Files after the database: what the copied index names must be here unless it was deleted since.
  const filesDir = join(dir, 'files');
  mkdirSync(filesDir, { recursive: true });
  let count = 0;
  let bytes = 0;
  const copied = new Set<string>();
  for await (const object of storage.list('')) {
    const got = await storage.get(object.key);
    if (!got) continue; // deleted between the listing and now
    const target = join(filesDir, object.key);
    if (!target.startsWith(filesDir + sep)) throw new Error(`storage key ${object.key} leaves the backup folder`);
    mkdirSync(dirname(target), { recursive: true });
    await pipeline(got.body, createWriteStream(target));
    copied.add(object.key);
    count++;
    bytes += statSync(target).size;
  }
  const indexed = await indexedKeys(config, dialect === 'sqlite' ? join(dir, 'database.sqlite') : null);
  const missing = indexed.filter((k) => !copied.has(k));

  const secretFile = join(config.dataDir, 'jwt-secret');
  const secret = existsSync(secretFile);
  if (secret) copyFileSync(secretFile, join(dir, 'jwt-secret'));
  const manifest: BackupManifest = { format: BACKUP_FORMAT, created_at: createdAt, dialect, tables, files: { count, bytes, missing }, secret };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/** The storage keys the database's file index names (the copy's for SQLite, the live one's for PostgreSQL). */
async function indexedKeys(config: Config, sqliteCopy: string | null): Promise<string[]> {
  if (sqliteCopy) {
    const db = new SQLite(sqliteCopy, { readonly: true });
    try {
      const has = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'media_files'").get();
      return has ? (db.prepare('select storage_key from media_files where storage_key is not null').pluck().all() as string[]) : [];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: config.databaseUrl! });
  await client.connect();
  try {
    const has = await client.query("select 1 from information_schema.tables where table_schema = 'public' and table_name = 'media_files'");
    if (!has.rowCount) return [];
    return (await client.query<{ k: string }>('select storage_key as k from media_files where storage_key is not null')).rows.map((r) => r.k);
  } finally {
    await client.end();
  }
}

/** Whether the installation's database holds no tables yet (a new installation, before its first start). */
async function isEmpty(config: Config): Promise<boolean> {
  return Object.keys(await tableCounts(config)).length === 0;
}

/** Brings a backup back into an empty installation (its database and storage), before the server starts on it. */
export async function restoreInstallation(config: Config, storage: Storage, dir: string): Promise<BackupManifest> {
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${dir} holds no manifest.json: not a backup.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`backup format ${manifest.format} is not ${BACKUP_FORMAT}.`);
  const target = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== target) throw new Error(`the backup is of a ${manifest.dialect} database; this installation uses ${target}.`);
  if (!(await isEmpty(config))) throw new Error('the installation is not empty: restore into a new database (and data folder).');

  if (target === 'postgres') {
    await run(pgTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.databaseUrl}`, join(dir, 'database.pgdump')]);
  } else {
    mkdirSync(dirname(config.sqlitePath), { recursive: true });
    for (const suffix of ['-wal', '-shm']) rmSync(config.sqlitePath + suffix, { force: true });
    copyFileSync(join(dir, 'database.sqlite'), config.sqlitePath);
  }

  const filesDir = join(dir, 'files');
  const walk = function* (d: string): Generator<string> {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) yield full;
    }
  };
  if (existsSync(filesDir))
    for (const file of walk(filesDir)) {
      const key = relative(filesDir, file).split(sep).join('/');
      await storage.put(key, createReadStream(file), { size: statSync(file).size });
    }
  // The installation was empty, so its own secret (made at its first configuration) signed nothing
  // yet: the backup's replaces it, and tokens and signed links of the old installation stay valid.
  if (manifest.secret && existsSync(join(dir, 'jwt-secret'))) copyFileSync(join(dir, 'jwt-secret'), join(config.dataDir, 'jwt-secret'));
  return manifest;
}
