import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROLES } from '@umpire/schema';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './jsonapi/migrate';
import { setInstallationLanguage } from './jsonapi/shadow';
import { createStorage } from './storage/create-storage';
import { backupInstallation, restoreInstallation } from './ops/backup';
import { createUser, DEMO_CLIENT, seedDemo } from './seed/seed';

const USAGE = `Usage: npm run umpire -- <command>
  migrate                       run database migrations
  seed                          create the demo data (once)
  create-user --username U --password P [--role admin] [--client "${DEMO_CLIENT}"]
  backup [--out DIR]            a consistent copy of the database and the stored files, while the server runs
                                (default: <data folder>/backups/umpire-<date and time>)
  restore --from DIR            bring a backup back into an empty installation (before its first start)`;

const [command, ...rest] = process.argv.slice(2);
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(`Error: ${(err as Error).message}`);
  process.exit(1);
}
// Backup and restore work on the files and through their own connections: restore must find the database untouched.
let opened = null as Database | null;
const db = (): Database => (opened ??= openDatabase(config));
setInstallationLanguage(config.defaultLanguage);
try {
  switch (command) {
    case 'migrate': {
      const done = await migrate(db());
      console.log(done.length ? `Migrated: ${done.join(', ')}` : 'Database is up to date.');
      break;
    }
    case 'seed': {
      await migrate(db());
      const seeded = await seedDemo(db(), { storage: createStorage(config.storage) });
      console.log(seeded ? `Seeded demo data (client ${seeded.clientId}).` : 'Demo data already present.');
      break;
    }
    case 'create-user': {
      const { values } = parseArgs({
        args: rest,
        options: { username: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', multiple: true }, client: { type: 'string' } },
      });
      if (!values.username || !values.password || values.password.length < 8) throw new Error('--username and --password (8+ characters) are required');
      const roles = values.role ?? ['viewer'];
      for (const r of roles) if (!(ROLES as readonly string[]).includes(r)) throw new Error(`Unknown role ${r}; roles: ${ROLES.join(', ')}`);
      await migrate(db());
      const client = await db().db.selectFrom('clients').select('id').where('name', '=', values.client ?? DEMO_CLIENT).executeTakeFirst();
      if (!client) throw new Error(`No client named ${values.client ?? DEMO_CLIENT}`);
      await createUser(db(), Number(client.id), { username: values.username, password: values.password, roles });
      console.log(`Created ${values.username} (${roles.join(', ')}).`);
      break;
    }
    case 'backup': {
      const { values } = parseArgs({ args: rest, options: { out: { type: 'string' } } });
      const out = resolve(values.out ?? join(config.dataDir, 'backups', `umpire-${new Date().toISOString().replace(/[:.]/g, '-')}`));
      const manifest = await backupInstallation(config, createStorage(config.storage), out);
      const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      console.log(`Backup written to ${out}: ${manifest.dialect} database (${rows} rows in ${Object.keys(manifest.tables).length} tables), ${manifest.files.count} files (${manifest.files.bytes} bytes).`);
      if (manifest.files.missing.length) console.log(`${manifest.files.missing.length} files the database names were deleted while the backup ran: ${manifest.files.missing.slice(0, 5).join(', ')}…`);
      break;
    }
    case 'restore': {
      const { values } = parseArgs({ args: rest, options: { from: { type: 'string' } } });
      if (!values.from) throw new Error('--from DIR names the backup to restore');
      const manifest = await restoreInstallation(config, createStorage(config.storage), resolve(values.from));
      console.log(`Restored the backup of ${manifest.created_at} (${manifest.dialect}, ${manifest.files.count} files). Start the server to serve it.`);
      break;
    }
    default:
      console.log(USAGE);
      process.exitCode = command ? 1 : 0;
  }
} catch (err) {
  console.error(`Error: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await opened?.close();
}
