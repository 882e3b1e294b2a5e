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
  API reference, to try calls signed in: http://localhost:${port}/api/docs
  Delivery API reference (websites, apps, fans): http://localhost:${port}/public/v1/docs
`);

let stopping = false;
async function shutDown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    server.app.log.warn({ signal }, 'stopping at once (a second signal)');
    process.exit(1);
  }
  stopping = true;
  server.app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    server.app.log.warn({ timeoutMs: server.config.shutdown.timeoutMs }, 'shutdown took too long: stopping at once');
    process.exit(1);
  }, server.config.shutdown.timeoutMs);
  force.unref();
  // A deploy's SIGTERM drains while the balancer takes the instance out; a developer's Ctrl-C has no balancer to wait for.
  await server.shutDown(signal === 'SIGTERM' ? server.config.shutdown.drainMs : 0);
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutDown(signal));
