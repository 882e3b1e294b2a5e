// Reads the clubs twice: the second time with the first answer's ETag, and the server answers
// 304 Not Modified with no body while nothing changed.
// Run: UMPIRE_URL=http://localhost:8080 UMPIRE_CLIENT=ekstraklasa-demo node conditional-request.mjs
const base = `${process.env.UMPIRE_URL ?? 'http://localhost:8080'}/public/v1`;
const key = process.env.UMPIRE_DELIVERY_KEY;
const client = process.env.UMPIRE_CLIENT ?? 'ekstraklasa-demo';

const url = new URL(`${base}/clubs`);
if (!key) url.searchParams.set('client', client);
url.searchParams.set('fields[clubs]', 'name');
url.searchParams.set('sort', 'name');
const headers = { accept: 'application/vnd.api+json', ...(key ? { 'x-delivery-key': key } : {}) };

const first = await fetch(url, { headers });
if (first.status !== 200) throw new Error(`first read: ${first.status} ${await first.text()}`);
const clubs = await first.json();
const etag = first.headers.get('etag');
console.log(`200: ${clubs.data.length} clubs, ETag ${etag}`);
console.log(`Cache-Control: ${first.headers.get('cache-control')}`);
console.log(`Surrogate-Key: ${first.headers.get('surrogate-key')}`);

// Keep the body and its ETag; ask again with If-None-Match.
const again = await fetch(url, { headers: { ...headers, 'if-none-match': etag } });
console.log(`${again.status} with If-None-Match ${etag}`);
if (again.status === 304) console.log(`not modified: still ${clubs.data.length} clubs, first ${clubs.data[0]?.attributes.name}`);
else if (again.status === 200) console.log(`changed in between: new ETag ${again.headers.get('etag')}`);
else throw new Error(`second read: ${again.status} ${await again.text()}`);
