import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';

/**
 * The public SRT port of one ingest: a UDP relay to ffmpeg's SRT listener on 127.0.0.1. ffmpeg
 * checks the passphrase (libsrt refuses a caller whose key differs), but it shows none of libsrt's
 * statistics, so the relay reads them off the packets it passes: bytes and data packets from the
 * caller (input bitrate; retransmitted packets, the loss the link suffered), and the round-trip time
 * the listener reports in each full ACK.
 */
export interface SrtStats {
  bytes: number;
  packets: number;
  retransmitted: number;
  rttMs: number | null;
}

export interface SrtRelay {
  port: number;
  takeStats(): SrtStats;
  close(): Promise<void>;
}

const IDLE_MS = 15_000;
const MAX_PEERS = 8;

export async function openSrtRelay(host: string, port: number, upstreamPort: () => number): Promise<SrtRelay> {
  const pub = createSocket(host.includes(':') ? 'udp6' : 'udp4');
  let stats: SrtStats = { bytes: 0, packets: 0, retransmitted: 0, rttMs: null };
  let lastRtt: number | null = null;
  // One upstream socket per caller address, so that ffmpeg sees each caller as its own peer.
  const peers = new Map<string, { sock: Socket; seen: number }>();

  const peerFor = (rinfo: RemoteInfo) => {
    const id = `${rinfo.address}|${rinfo.port}`;
    let peer = peers.get(id);
    // A flood from many addresses must not open a socket each: a few callers at a time.
    if (!peer && peers.size >= MAX_PEERS) return null;
    if (!peer) {
      const sock = createSocket('udp4');
      sock.on('error', () => {});
      sock.on('message', (msg) => {
        // Control packet, type ACK (0x0002) with a full body: RTT in microseconds at byte 20.
        if (msg.length >= 24 && msg[0] === 0x80 && msg[1] === 0x02) lastRtt = msg.readUInt32BE(20) / 1000;
        pub.send(msg, rinfo.port, rinfo.address);
      });
      sock.bind(0, '127.0.0.1');
      peer = { sock, seen: Date.now() };
      peers.set(id, peer);
    }
    peer.seen = Date.now();
    return peer;
  };

  pub.on('error', () => {});
  pub.on('message', (msg, rinfo) => {
    if (msg.length < 16) return;
    if ((msg[0] & 0x80) === 0) {
      stats.bytes += msg.length;
      stats.packets += 1;
      if ((msg.readUInt32BE(4) >>> 26) & 1) stats.retransmitted += 1; // the R flag
    }
    peerFor(rinfo)?.sock.send(msg, upstreamPort(), '127.0.0.1');
  });
  const sweep = setInterval(() => {
    for (const [id, p] of peers) {
      if (Date.now() - p.seen > IDLE_MS) {
        p.sock.close();
        peers.delete(id);
      }
    }
  }, 5000);
  sweep.unref();

  await new Promise<void>((resolve, reject) => {
    pub.once('error', reject);
    pub.bind(port, host, () => resolve());
  });
  return {
    port: pub.address().port,
    takeStats() {
      const s = { ...stats, rttMs: stats.packets > 0 ? lastRtt : null };
      stats = { bytes: 0, packets: 0, retransmitted: 0, rttMs: null };
      return s;
    },
    async close() {
      clearInterval(sweep);
      for (const p of peers.values()) p.sock.close();
      peers.clear();
      await new Promise<void>((resolve) => pub.close(() => resolve()));
    },
  };
}
