// Receives the server's purge hook: point DELIVERY_PURGE_URL at it (and DELIVERY_PURGE_TOKEN at the
// same secret as UMPIRE_PURGE_TOKEN). Each call is POST {"surrogate_keys": [...]}; here they are
// checked and printed, where your relay would purge them from the CDN.
// Run: UMPIRE_PURGE_TOKEN=… UMPIRE_PURGE_PORT=8787 node purge-receiver.mjs   (Ctrl-C stops it)
import { createServer } from 'node:http';
import { timingSafeEqual } from 'node:crypto';

const token = process.env.UMPIRE_PURGE_TOKEN;
const port = Number(process.env.UMPIRE_PURGE_PORT ?? 8787);
let calls = 0;

const authorized = (header) => {
  if (!token) return true;
  const want = Buffer.from(`Bearer ${token}`);
  const got = Buffer.from(header ?? '');
  return got.length === want.length && timingSafeEqual(got, want);
};

const server = createServer(async (req, res) => {
  if (req.method !== 'POST') return res.writeHead(405).end();
  if (!authorized(req.headers.authorization)) {
    console.log('refused a call without the purge token');
    return res.writeHead(401).end();
  }
  let body = '';
  for await (const chunk of req) body += chunk;
  let keys;
  try {
    keys = JSON.parse(body).surrogate_keys;
  } catch {
    return res.writeHead(400).end();
  }
  if (!Array.isArray(keys)) return res.writeHead(400).end();
  // Here: purge by these keys (Fastly's Surrogate-Key, Cloudflare's Cache-Tag). Answer 2xx once
  // done: anything else makes the server try twice more.
  console.log(`purge ${++calls}: ${keys.join(' ')}`);
  res.writeHead(204).end();
});

server.listen(port, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}/`));
const stop = () => server.close(() => console.log(`stopped after ${calls} purge call(s)`));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
