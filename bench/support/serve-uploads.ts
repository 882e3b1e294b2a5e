// The server for bench/media-upload.mjs, in its own process so that its memory can be sampled
// alone: the real server (migrations, demo seed) on 127.0.0.1 and a free port, with the
// environment it was given (DATA_DIR, STORAGE_DRIVER...). Prints one JSON line when ready.
import { onStop } from './on-stop';

async function main() {
  const { startServer } = await import('../../apps/server/src/server');
  const server = await startServer({ port: 0, host: '127.0.0.1' }, process.env);
  onStop(() => server.close());
  process.stdout.write(`${JSON.stringify({ url: server.url, dataDir: server.config.dataDir, driver: server.storage.driver })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
