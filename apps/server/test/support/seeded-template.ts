import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/*
 * The demo seed takes about 5 s on SQLite and 10 s on PostgreSQL, and the API suite starts some
 * sixty servers. So the first test process of a run that needs the demo seeds one database, kept as
 * a template, and the servers of the run start from copies of it: the data directory (SQLite file
 * and uploads) copied, or on PostgreSQL `CREATE DATABASE … TEMPLATE` (a file copy inside the server)
 * with the uploads copied. The test processes of one run share the vitest process as their parent,
 * which names the run. A server whose settings change what the seed makes seeds its own as before
 * (see `usesTemplate` in test-server.ts).
 */

export interface Template {
  /** The seeded data directory (uploads, and the SQLite file on SQLite). */
  dataDir: string;
  /** The seeded PostgreSQL database, on PostgreSQL. */
  database: string | null;
}

interface Fresh {
  env: NodeJS.ProcessEnv;
  drop(): Promise<void>;
}

const ROOT = join(tmpdir(), 'umpire-test-templates');
const WAIT_MS = 180_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Templates of runs whose vitest has gone (its PostgreSQL went with it; SQLite's stay on disk). */
function sweepStale(): void {
  for (const name of existsSync(ROOT) ? readdirSync(ROOT) : []) {
    const pid = Number(/-(\d+)$/.exec(name)?.[1]);
    if (pid && pid !== process.ppid && !alive(pid)) rmSync(join(ROOT, name), { recursive: true, force: true });
  }
}

/**
 * The run's template: made here by the first process to ask (`seed` makes a fresh database, seeds
 * it with a server and closes that server), waited for by the others. Null when making it failed:
 * the caller seeds its own.
 */
export async function runTemplate(kind: 'sqlite' | 'postgres', seed: () => Promise<Fresh>): Promise<Template | null> {
  mkdirSync(ROOT, { recursive: true });
  const dir = join(ROOT, `${kind}-${process.ppid}`);
  const ready = join(dir, 'ready.json');
  const failed = join(dir, 'failed');
  try {
    mkdirSync(dir); // one process of the run wins
  } catch {
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as Template;
      if (existsSync(failed)) return null;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }
  sweepStale();
  try {
    const fresh = await seed();
    const dataDir = join(dir, 'data');
    renameSync(String(fresh.env.DATA_DIR), dataDir);
    const database = fresh.env.DATABASE_URL ? new URL(String(fresh.env.DATABASE_URL)).pathname.slice(1) : null;
    const template: Template = { dataDir, database };
    writeFileSync(ready, JSON.stringify(template));
    return template;
  } catch (error) {
    writeFileSync(failed, String(error));
    return null;
  }
}

/** A copy of the template's data directory, for one server. */
export function copyTemplateData(template: Template): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-test-'));
  cpSync(template.dataDir, dataDir, { recursive: true });
  return dataDir;
}

/** A new PostgreSQL database made from the template (retried while another copy holds it). */
export async function createFromTemplate(admin: pg.Client, name: string, template: Template): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.database}`);
      return;
    } catch (error) {
      // "source database … is being accessed by other users": another process copying it just now.
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}
