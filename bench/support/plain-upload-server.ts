// The floor of an HTTP upload on this machine, for bench/media-upload.mjs: the plainest upload a
// Node server can take. The request body is piped to a file, the file is synced (fdatasync), and
// the answer goes. Nothing is parsed, hashed, batched or checked. The real upload does all of that
// on top, so it can come near this floor but hardly past it. Prints one JSON line when ready.
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { onStop } from './on-stop';

const target = join(process.env.DATA_DIR ?? '.', 'plain-upload.bin');
async function take(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    await pipeline(req, createWriteStream(target));
    // The dirty pages belong to the file, whichever descriptor syncs them.
    const file = await open(target, 'r');
    await file.datasync();
    await file.close();
    res.writeHead(201).end('stored');
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}
const server = createServer((req, res) => void take(req, res));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, target })}\n`);
});
onStop(() => new Promise<void>((resolve) => server.close(() => resolve())));
