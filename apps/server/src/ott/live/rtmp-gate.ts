import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * The public RTMP port of one ingest. ffmpeg's RTMP listener (`-listen 1`) accepts any stream key
 * (a wrong one is only a warning in its log), so this small relay sits in front of it: it passes the
 * bytes through untouched (the RTMP handshake is end to end) while reading the publisher's chunk
 * stream, and cuts the connection as soon as a releaseStream/FCPublish/publish names another key,
 * or media arrives before an accepted publish. Once the key is accepted it stops parsing and only
 * counts bytes (the input bitrate of the health figures).
 */
export interface RtmpGate {
  port: number;
  /** Bytes received from publishers since the last call. */
  takeBytes(): number;
  setKey(key: string): void;
  close(): Promise<void>;
}

const HANDSHAKE_BYTES = 1 + 1536 + 1536; // C0 + C1 + C2
const KEY_COMMANDS = new Set(['releaseStream', 'FCPublish', 'publish']);
const PUBLISH_DEADLINE_MS = 15_000;

export async function openRtmpGate(
  host: string,
  port: number,
  upstreamPort: () => number,
  initialKey: string,
  publishDeadlineMs = PUBLISH_DEADLINE_MS,
): Promise<RtmpGate> {
  let key = initialKey;
  let bytes = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    const check = new PublishCheck(() => key);
    let upstream: Socket | null = null;
    const pending: Buffer[] = [];
    const connectedAt = Date.now();
    const refuse = () => {
      client.destroy();
      upstream?.destroy();
    };
    // The ffmpeg listener restarts after each publisher, a refused one too, and a busy machine
    // can take seconds to start it: wait for it as long as the publisher has to publish.
    const connect = () => {
      const up = createConnection({ host: '127.0.0.1', port: upstreamPort() });
      up.on('connect', () => {
        upstream = up;
        sockets.add(up);
        for (const b of pending.splice(0)) up.write(b);
        up.pipe(client);
      });
      up.on('error', () => {
        if (!upstream && Date.now() - connectedAt < publishDeadlineMs && !client.destroyed) setTimeout(connect, 200);
        else refuse();
      });
      up.on('close', () => {
        sockets.delete(up);
        if (upstream === up) client.destroy();
      });
    };
    connect();
    // A connection that has not published with the key by then is not a camera crew.
    const deadline = setTimeout(() => {
      if (check.verdict !== 'accepted') refuse();
    }, publishDeadlineMs);
    client.on('close', () => clearTimeout(deadline));
    client.on('data', (data: Buffer) => {
      bytes += data.length;
      if (check.verdict !== 'accepted') {
        check.feed(data);
        if (check.verdict === 'refused') return refuse();
      }
      if (upstream) upstream.write(data);
      else pending.push(data);
    });
    client.on('close', () => upstream?.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const addr = server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : port,
    takeBytes() {
      const b = bytes;
      bytes = 0;
      return b;
    },
    setKey(k) {
      key = k;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

interface ChunkStream {
  timestamp: number;
  length: number;
  type: number;
  extended: boolean;
  parts: Buffer[];
  received: number;
}

/** Reads the client's RTMP chunk stream far enough to see which stream key it publishes. */
export class PublishCheck {
  verdict: 'pending' | 'accepted' | 'refused' = 'pending';
  private buf: Buffer = Buffer.alloc(0);
  private skip = HANDSHAKE_BYTES;
  private chunkSize = 128;
  private streams = new Map<number, ChunkStream>();

  constructor(private readonly key: () => string) {}

  feed(data: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, data]) : data;
    if (this.skip > 0) {
      const n = Math.min(this.skip, this.buf.length);
      this.skip -= n;
      this.buf = this.buf.subarray(n);
    }
    while (this.verdict === 'pending' && this.buf.length > 0 && this.readChunk());
    // A publisher that never names a key in a sane amount of data is not a publisher.
    if (this.verdict === 'pending' && this.buf.length > 1 << 20) this.verdict = 'refused';
  }

  /** Parses one chunk when it is complete; false when more bytes are needed. */
  private readChunk(): boolean {
    const b = this.buf;
    let p = 0;
    const b0 = b[p++];
    const fmt = b0 >> 6;
    let csid = b0 & 0x3f;
    if (csid === 0) {
      if (b.length < p + 1) return false;
      csid = 64 + b[p++];
    } else if (csid === 1) {
      if (b.length < p + 2) return false;
      csid = 64 + b[p] + b[p + 1] * 256;
      p += 2;
    }
    const headerLen = [11, 7, 3, 0][fmt];
    if (b.length < p + headerLen) return false;
    const prev = this.streams.get(csid);
    if (fmt !== 0 && !prev) {
      this.verdict = 'refused';
      return false;
    }
    const st: ChunkStream = prev ?? { timestamp: 0, length: 0, type: 0, extended: false, parts: [], received: 0 };
    let extended = st.extended;
    if (fmt <= 2) {
      const ts = b.readUIntBE(p, 3);
      extended = ts === 0xffffff;
      if (fmt <= 1) {
        st.length = b.readUIntBE(p + 3, 3);
        st.type = b[p + 6];
      }
    }
    p += headerLen;
    if (extended) {
      if (b.length < p + 4) return false;
      p += 4;
    }
    const want = Math.min(this.chunkSize, st.length - st.received);
    if (b.length < p + want) return false;
    st.extended = extended;
    st.parts.push(b.subarray(p, p + want));
    st.received += want;
    this.streams.set(csid, st);
    this.buf = b.subarray(p + want);
    if (st.received >= st.length) {
      const msg = Buffer.concat(st.parts);
      st.parts = [];
      st.received = 0;
      this.onMessage(st.type, msg);
    }
    return true;
  }

  private onMessage(type: number, msg: Buffer): void {
    if (type === 1 && msg.length >= 4) this.chunkSize = Math.max(1, msg.readUInt32BE(0) & 0x7fffffff);
    else if (type === 8 || type === 9) this.verdict = 'refused'; // media before an accepted publish
    else if (type === 20 || type === 17) {
      const cmd = readCommand(type === 17 ? msg.subarray(1) : msg);
      if (!cmd || !KEY_COMMANDS.has(cmd.name) || cmd.streamName === null) return;
      // The key as typed, or percent-encoded as it stands in the ingest URL.
      const name = cmd.streamName.split('?')[0];
      if (name !== this.key() && decoded(name) !== this.key()) this.verdict = 'refused';
      else if (cmd.name === 'publish') this.verdict = 'accepted';
    }
  }
}

function decoded(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** AMF0: command name, transaction id, a null (or object), then the stream name when present. */
function readCommand(msg: Buffer): { name: string; streamName: string | null } | null {
  let p = 0;
  const str = (): string | null => {
    if (msg[p] !== 0x02 || p + 3 > msg.length) return null;
    const len = msg.readUInt16BE(p + 1);
    if (p + 3 + len > msg.length) return null;
    const s = msg.toString('utf8', p + 3, p + 3 + len);
    p += 3 + len;
    return s;
  };
  const name = str();
  if (name === null) return null;
  if (msg[p] !== 0x00 || p + 9 > msg.length) return { name, streamName: null };
  p += 9;
  if (msg[p] !== 0x05) return { name, streamName: null };
  p += 1;
  return { name, streamName: str() };
}
