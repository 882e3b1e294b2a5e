import { connect, createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openRtmpGate, PublishCheck } from './rtmp-gate';

// The publisher's side of an RTMP session as bytes: handshake, then AMF0 commands cut into chunks
// of the default 128 bytes (fmt 0 header, then fmt 3 continuation headers), as encoders send them.

const amfString = (s: string) => {
  const b = Buffer.from(s, 'utf8');
  const h = Buffer.alloc(3);
  h[0] = 0x02;
  h.writeUInt16BE(b.length, 1);
  return Buffer.concat([h, b]);
};
const amfNumber = (n: number) => {
  const b = Buffer.alloc(9);
  b[0] = 0x00;
  b.writeDoubleBE(n, 1);
  return b;
};
const amfNull = Buffer.from([0x05]);

function chunked(type: number, payload: Buffer, csid = 3, chunkSize = 128): Buffer {
  const parts: Buffer[] = [];
  for (let off = 0; off < payload.length; off += chunkSize) {
    if (off === 0) {
      const h = Buffer.alloc(12);
      h[0] = csid; // fmt 0
      h.writeUIntBE(0, 1, 3);
      h.writeUIntBE(payload.length, 4, 3);
      h[7] = type;
      h.writeUInt32LE(1, 8);
      parts.push(h);
    } else parts.push(Buffer.from([0xc0 | csid])); // fmt 3
    parts.push(payload.subarray(off, off + chunkSize));
  }
  return Buffer.concat(parts);
}

const command = (name: string, streamName?: string) =>
  chunked(20, Buffer.concat([amfString(name), amfNumber(2), amfNull, ...(streamName === undefined ? [] : [amfString(streamName)])]));

function session(key: string, { mediaFirst = false } = {}): Buffer {
  const connect = chunked(20, Buffer.concat([amfString('connect'), amfNumber(1), Buffer.from([0x03, 0, 0, 0x09])]));
  return Buffer.concat([
    Buffer.alloc(1 + 1536 + 1536, 7), // C0 C1 C2
    connect,
    ...(mediaFirst ? [chunked(9, Buffer.alloc(300, 1), 6)] : []),
    command('releaseStream', key),
    command('FCPublish', key),
    command('createStream'),
    command('publish', key),
  ]);
}

/** Feeds the bytes in pieces of random sizes, as TCP delivers them. */
function verdict(bytes: Buffer, key: string, seed = 1): PublishCheck['verdict'] {
  const check = new PublishCheck(() => key);
  let s = seed;
  for (let off = 0; off < bytes.length && check.verdict === 'pending'; ) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const n = 1 + (s % 200);
    check.feed(bytes.subarray(off, off + n));
    off += n;
  }
  return check.verdict;
}

describe('RTMP publish check', () => {
  const longKey = `k${'x'.repeat(150)}`; // the publish command spans two chunks

  it('accepts the right key, whatever the TCP pieces and chunking', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      expect(verdict(session('live-key-1'), 'live-key-1', seed)).toBe('accepted');
      expect(verdict(session(longKey), longKey, seed)).toBe('accepted');
    }
  });

  it('ignores the query an encoder may append to the key', () => {
    expect(verdict(session('live-key-1?token=abc'), 'live-key-1')).toBe('accepted');
  });

  it('refuses another key at the first command that names one', () => {
    expect(verdict(session('live-key-2'), 'live-key-1')).toBe('refused');
    expect(verdict(session(longKey.slice(0, -1)), longKey)).toBe('refused');
    expect(verdict(session(''), 'live-key-1')).toBe('refused');
  });

  it('refuses media before an accepted publish', () => {
    expect(verdict(session('live-key-1', { mediaFirst: true }), 'live-key-1')).toBe('refused');
  });

  it('follows a larger chunk size set by the publisher', () => {
    const setChunk = Buffer.alloc(4);
    setChunk.writeUInt32BE(4096);
    const publish = chunked(20, Buffer.concat([amfString('publish'), amfNumber(5), amfNull, amfString(longKey)]), 3, 4096);
    const bytes = Buffer.concat([Buffer.alloc(3073), chunked(1, setChunk, 2), publish]);
    expect(verdict(bytes, longKey)).toBe('accepted');
    // Read with 128-byte chunks the same bytes would be garbage: no verdict of acceptance.
    const check = new PublishCheck(() => longKey);
    check.feed(Buffer.concat([Buffer.alloc(3073), publish]));
    expect(check.verdict).not.toBe('accepted');
  });
});

describe('RTMP gate in front of a listener that is restarting', () => {
  const freePort = () =>
    new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
  const listen = (port: number, onBytes: (b: Buffer) => void) =>
    new Promise<Server>((resolve) => {
      const server = createServer((s) => s.on('data', onBytes)).listen(port, '127.0.0.1', () => resolve(server));
    });
  const publisher = (port: number) =>
    new Promise<Socket>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
      socket.on('error', () => {});
    });
  const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.on('close', () => resolve())));

  // ffmpeg's listener restarts after every publisher, a refused one too; on a busy machine its
  // start took more than the six seconds the gate used to wait, and the next crew was cut off.
  it('holds a publisher until the listener is back, however long that takes within the publish deadline', { timeout: 20_000 }, async () => {
    const upstreamPort = await freePort();
    const gate = await openRtmpGate('127.0.0.1', 0, () => upstreamPort, 'live-key-1');
    const client = await publisher(gate.port);
    client.write(session('live-key-1'));
    await new Promise((r) => setTimeout(r, 7_000));
    expect(client.destroyed).toBe(false);
    let received = 0;
    const upstream = await listen(upstreamPort, (b) => (received += b.length));
    for (let i = 0; i < 50 && received < session('live-key-1').length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(received).toBe(session('live-key-1').length);
    client.destroy();
    await gate.close();
    await new Promise((r) => upstream.close(r));
  });

  it('cuts the publisher at the deadline when the listener never comes back', async () => {
    const upstreamPort = await freePort();
    const gate = await openRtmpGate('127.0.0.1', 0, () => upstreamPort, 'live-key-1', 1_000);
    const client = await publisher(gate.port);
    client.write(session('live-key-1'));
    const started = Date.now();
    await closed(client);
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    await gate.close();
  });
});
