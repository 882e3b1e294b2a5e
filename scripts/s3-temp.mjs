#!/usr/bin/env node
// A throw-away S3-compatible server for tests (s3rver, from npm): its own directory under the
// system's temporary folder and a free port on 127.0.0.1, one bucket, stopped with the tests.
//   import { startTempS3 } from './s3-temp.mjs'; const s3 = await startTempS3(); ... await s3.stop();
//   node scripts/s3-temp.mjs   # prints the environment for STORAGE_DRIVER=s3, runs until Ctrl-C
// The same server kept on a directory is the compose deployment's object store (deploy/object-store):
//   S3_BUCKET=b S3_ACCESS_KEY_ID=k S3_SECRET_ACCESS_KEY=s node scripts/s3-temp.mjs --directory /data --address 0.0.0.0 --port 9000
// It checks no signature (see below) and has no users: only the instances may reach it.
//
// s3rver implements objects, ranges, listings, presigned URLs and multipart uploads, but not
// ListParts or AbortMultipartUpload, which resumable uploads need; both are added below over its
// own on-disk store (parts under <bucket>/.../uploads/<uploadId>/<n> with <n>.md5 beside them).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { parseArgs } from 'node:util';
import { isMain, repoRoot } from './ensure-deps.mjs';
import { runOnNode24 } from './ensure-node.mjs';

const BUCKET = 'umpire-test';
const ACCESS_KEY = 'S3RVER';

const xml = (s) => String(s).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);

/** ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId), answered from s3rver's store. */
function multipartCompletion(store) {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...keyParts] = decodeURIComponent(ctx.path).split('/');
    if (!uploadId || !bucket || !keyParts.length || !/^[a-f0-9]+$/i.test(String(uploadId)) || !['GET', 'DELETE'].includes(ctx.method)) return next();
    const dir = path.join(store.getResourcePath(bucket, undefined, 'uploads'), String(uploadId));
    if (!fs.existsSync(dir)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    if (ctx.method === 'DELETE') {
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const parts = fs
      .readdirSync(dir)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const file = path.join(dir, String(n));
        const stat = fs.statSync(file);
        const md5 = fs.readFileSync(`${file}.md5`, 'utf8').trim();
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
      });
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${xml(bucket)}</Bucket><Key>${xml(keyParts.join('/'))}</Key><UploadId>${xml(uploadId)}</UploadId>` +
      `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
}

/**
 * Replacing an object as S3 does it: a reader gets the old version or the new one, whole. s3rver
 * writes a new version over the old file in place, and reads a file's size and its bytes apart,
 * so a reader of a key being replaced (a live playlist, rewritten every segment) got a mix of two
 * versions, or a stated length larger than the bytes that followed, and then waited for ever.
 * Here content is written to a temporary name renamed over the object once complete, and a read
 * states the size of the very file it opened. (The ETag, from a file of its own, may name the
 * version before for a moment.) The metadata and MD5 files beside it are replaced the same way:
 * written in place, a read between the truncation and the write found an empty metadata file,
 * whose JSON failed, and answered 500 InternalError.
 */
function replaceWhole(store, S3Object) {
  const writeWhole = async (file, data) => {
    const temporary = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await fs.promises.writeFile(temporary, data);
      await fs.promises.rename(temporary, file);
    } catch (err) {
      await fs.promises.rm(temporary, { force: true });
      throw err;
    }
  };
  // s3rver's own putMetadata, with each file written whole.
  store.putMetadata = async (bucket, key, metadata, md5) => {
    const kept = Object.fromEntries(
      Object.entries(metadata ?? {}).filter(([name]) => S3Object.ALLOWED_METADATA.includes(name) || name.startsWith('x-amz-meta-')),
    );
    if (md5) await writeWhole(store.getResourcePath(bucket, key, 'object.md5'), md5);
    await writeWhole(store.getResourcePath(bucket, key, 'metadata.json'), JSON.stringify(kept, null, 2));
  };
  store.putContent = (objectPath, content) =>
    new Promise((resolve, reject) => {
      const temporary = `${objectPath}.${randomBytes(6).toString('hex')}.partial`;
      const md5 = createHash('md5');
      let size = 0;
      const count = new Transform({
        transform(chunk, encoding, done) {
          md5.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, count, fs.createWriteStream(temporary), (err) => {
        const settled = err ? Promise.reject(err) : fs.promises.rename(temporary, objectPath);
        settled.then(
          () => resolve([size, md5.digest('hex')]),
          (failure) => fs.promises.rm(temporary, { force: true }).finally(() => reject(failure)),
        );
      });
    });
  store.getObject = async (bucket, key, options) => {
    let file;
    try {
      file = await fs.promises.open(store.getResourcePath(bucket, key, 'object'), 'r');
    } catch (err) {
      if (err.code === 'ENOENT') return null;
      throw err;
    }
    let content = null;
    try {
      const { size, mtime } = await file.stat();
      const metadata = { ...(await store.getMetadata(bucket, key)), 'content-length': size, 'last-modified': mtime.toUTCString() };
      // s3rver's own range arithmetic, on the opened file's size.
      const range = { start: options?.start || 0, end: Math.min(options?.end || Infinity, Math.max(0, size - 1)) };
      if (range.start >= 0 && range.end >= range.start) content = file.createReadStream(range);
      const object = new S3Object(bucket, key, content, metadata);
      if (options && (options.start !== undefined || options.end)) object.range = range;
      return object;
    } catch (err) {
      // Deleted between the open and its metadata: gone, as s3rver's own read answers.
      if (err.code === 'ENOENT') return null;
      throw err;
    } finally {
      if (!content) await file.close();
    }
  };
}

/**
 * Starts s3rver on `directory` (kept: the caller removes it, or not), with `bucket` made when
 * missing and the key pair the SDK signs with; resolves to { endpoint, env, close() } where env
 * configures STORAGE_DRIVER=s3.
 */
export async function startS3({ directory, address = '127.0.0.1', port = 0, bucket = BUCKET, accessKeyId = ACCESS_KEY, secretAccessKey = ACCESS_KEY, silent = true }) {
  const require = createRequire(path.join(repoRoot, 'apps/server/package.json'));
  const S3rver = require('@20minutes/s3rver');
  const { DUMMY_ACCOUNT } = require('@20minutes/s3rver/lib/models/account');
  if (accessKeyId !== ACCESS_KEY) {
    DUMMY_ACCOUNT.revokeAccessKey(ACCESS_KEY);
    DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
  }
  // s3rver signs a listing's encoded prefix (`c1%2F`) differently from the SDK: its signature
  // check would refuse every ListObjectsV2 with a prefix, so mismatches are let through here.
  // Buckets in the path alone (the driver's S3_FORCE_PATH_STYLE): s3rver would otherwise take a
  // host name that is not an address, such as compose's `object-store`, for the bucket's.
  const server = new S3rver({
    address, port, silent, directory, configureBuckets: [{ name: bucket }], allowMismatchedSignatures: true, vhostBuckets: false,
  });
  // Before s3rver's own router, which refuses these two calls.
  server.middleware.unshift(multipartCompletion(server.store));
  replaceWhole(server.store, require('@20minutes/s3rver/lib/models/object'));
  const listening = await server.run();
  const endpoint = `http://${address === '0.0.0.0' ? '127.0.0.1' : address}:${listening.port}`;
  const env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  return { endpoint, env, close: () => server.close() };
}

/** Starts the server on a temporary directory; resolves to { endpoint, env, stop() }, stop removing the directory. */
export async function startTempS3() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'umpire-s3-'));
  const { endpoint, env, close } = await startS3({ directory: dir });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { endpoint, env, stop };
}

if (isMain(import.meta.url)) {
  await runOnNode24(); // s3rver's engines ask for it
  const { values } = parseArgs({ options: { directory: { type: 'string' }, address: { type: 'string' }, port: { type: 'string' } } });
  let s3;
  if (values.directory) {
    const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = process.env;
    if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
      console.error('--directory needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY in the environment');
      process.exit(1);
    }
    fs.mkdirSync(values.directory, { recursive: true });
    const kept = await startS3({
      directory: values.directory, address: values.address ?? '127.0.0.1', port: Number(values.port ?? 9000),
      bucket: S3_BUCKET, accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY,
    });
    console.log(`S3-compatible store on ${values.address ?? '127.0.0.1'}:${values.port ?? 9000}, bucket ${S3_BUCKET} in ${values.directory}`);
    s3 = { stop: kept.close };
  } else {
    s3 = await startTempS3();
    for (const [k, v] of Object.entries(s3.env)) console.log(`${k}=${v}`);
  }
  const quit = () => s3.stop().then(() => process.exit(0));
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
}
