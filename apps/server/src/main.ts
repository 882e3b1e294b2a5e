import { ConfigError } from './config';
import { DEMO_PASSWORD } from './seed/demo-data';
import { startServer, type RunningServer } from './server';

let server: RunningServer;
try {
  server = await startServer();
} catch (error) {
  // A bad setting is the operator's to fix: say which, without a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Umpire cannot start: ${error.message}`);
  process.exit(1);
}
const port = new URL(server.url).port;
const where = server.database.dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : server.config.sqlitePath;
console.log(`
  Umpire is running at http://localhost:${port}
  Database: ${where}
  Sign in as admin / ${DEMO_PASSWORD} (also editor, moderator, operator, viewer; other-admin for the second client)
  API reference: http://localhost:${port}/api/docs
`);

async function shutDown(signal: NodeJS.Signals): Promise<void> {
  server.app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await server.close();
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutDown(signal));
