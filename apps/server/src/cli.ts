import { parseArgs } from 'node:util';
import { ROLES } from '@umpire/schema';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { setInstallationLanguage } from './jsonapi/shadow';
import { createStorage } from './media/storage/create-storage';
import { createUser, DEMO_CLIENT, seedDemo } from './seed/seed';

const USAGE = `Usage: npm run umpire -- <command>
  migrate                       run database migrations
  seed                          create the demo data (once)
  create-user --username U --password P [--role admin] [--client "${DEMO_CLIENT}"]`;

const [command, ...rest] = process.argv.slice(2);
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(`Error: ${(err as Error).message}`);
  process.exit(1);
}
const database = openDatabase(config);
setInstallationLanguage(config.defaultLanguage);
try {
  switch (command) {
    case 'migrate': {
      const done = await migrate(database);
      console.log(done.length ? `Migrated: ${done.join(', ')}` : 'Database is up to date.');
      break;
    }
    case 'seed': {
      await migrate(database);
      const seeded = await seedDemo(database, { storage: createStorage(config.storage) });
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
      await migrate(database);
      const client = await database.db.selectFrom('clients').select('id').where('name', '=', values.client ?? DEMO_CLIENT).executeTakeFirst();
      if (!client) throw new Error(`No client named ${values.client ?? DEMO_CLIENT}`);
      await createUser(database, Number(client.id), { username: values.username, password: values.password, roles });
      console.log(`Created ${values.username} (${roles.join(', ')}).`);
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
  await database.close();
}
