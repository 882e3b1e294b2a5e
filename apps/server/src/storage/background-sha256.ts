import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * SHA-256 of a stream of chunks, computed on a worker thread. The event loop of the server also
 * parses the request (HTTP, multipart) and feeds the disk; hashing there took a quarter of its time
 * per GB, and the upload waited for it. Here the loop only copies each chunk into a ring of 4 MB
 * slots of shared memory (a memcpy), and the worker hashes the full slots meanwhile on another core.
 *
 * The ring is the hash's own, allocated once and sent to the worker once: messages then only name
 * a slot (fresh shared memory per block was slower than the hashing it saved: page faults, and a
 * postMessage that registers each new buffer). When every slot waits for the worker, `update`
 * returns a promise to wait on, so memory stays flat whatever the file's size. A file under one
 * slot never reaches the worker: it is hashed in place when the digest is asked.
 */
const SLOT = 4 * 1024 * 1024;
const SLOTS = 4;

// Plain JavaScript, evaluated: a worker needs no loader for TypeScript this way.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { readSync } = require('node:fs');
const SLOT = ${SLOT};
const hashes = new Map();
const rings = new Map();
let scratch = null;
parentPort.on('message', (m) => {
  if (m.ring) rings.set(m.ringId, Buffer.from(m.ring));
  if (!hashes.has(m.id) && m.op !== 'drop') hashes.set(m.id, { hash: createHash('sha256'), ring: rings.get(m.ringId), error: null });
  const state = hashes.get(m.id);
  if (!state) return;
  if (m.op === 'drop') return void hashes.delete(m.id);
  if (m.op === 'file') {
    // Bytes already written to a file this process holds open: read back (from the page cache) here.
    if (state.error) return;
    scratch ??= Buffer.allocUnsafe(SLOT);
    try {
      for (let position = m.position, left = m.length; left > 0; ) {
        const n = readSync(m.fd, scratch, 0, Math.min(SLOT, left), position);
        if (n <= 0) throw new Error('the file is shorter than what was written');
        state.hash.update(scratch.subarray(0, n));
        position += n;
        left -= n;
      }
    } catch (error) {
      state.error = String((error && error.message) || error);
    }
    return;
  }
  if (state.error) {
    hashes.delete(m.id);
    return void parentPort.postMessage({ op: 'error', id: m.id, message: state.error });
  }
  if (m.length) state.hash.update(state.ring.subarray(m.slot * SLOT, m.slot * SLOT + m.length));
  if (m.op === 'update') parentPort.postMessage({ op: 'ack', id: m.id, slot: m.slot });
  else {
    hashes.delete(m.id);
    parentPort.postMessage({ op: 'digest', id: m.id, hex: state.hash.digest('hex') });
  }
});
`;

type Message = { op: 'ack'; id: number; slot: number } | { op: 'digest'; id: number; hex: string } | { op: 'error'; id: number; message: string };

/** A hash the worker answers to. */
interface Pending {
  readonly id: number;
  received(message: Message): void;
  failed(error: Error): void;
}

let worker: Worker | null = null;
const live = new Map<number, Pending>();
let nextId = 1;

/**
 * Rings are reused by later hashes, and each is sent to the worker once: a ring per upload left
 * for the worker's garbage collector, which seldom runs, kept hundreds of MB alive.
 */
interface Ring {
  id: number;
  buffer: Buffer;
  sent: boolean;
}
const freeRings: Ring[] = [];
const MAX_FREE_RINGS = 4;
let nextRingId = 1;
function takeRing(): Ring {
  return freeRings.pop() ?? { id: nextRingId++, buffer: Buffer.from(new SharedArrayBuffer(SLOT * SLOTS)), sent: false };
}
function giveBack(ring: Ring | null): void {
  if (ring && freeRings.length < MAX_FREE_RINGS) freeRings.push(ring);
}

/** The worker keeps the process alive only while a hash waits for it (as any pending I/O does). */
function track(hash: Pending): void {
  if (!live.size) worker?.ref();
  live.set(hash.id, hash);
}
function untrack(hash: Pending): boolean {
  if (!live.delete(hash.id)) return false;
  if (!live.size) worker?.unref();
  return true;
}

function hashWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.on('message', (message: Message) => live.get(message.id)?.received(message));
  const fail = (error: Error) => {
    if (worker === started) worker = null;
    freeRings.length = 0; // a new worker has not seen them
    for (const hash of live.values()) hash.failed(error);
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the SHA-256 worker stopped (${code})`)));
  worker = started;
  return started;
}

export class BackgroundSha256 implements Pending {
  readonly id = nextId++;
  private ring: Ring | null = null;
  private readonly free: number[] = [];
  private slot = -1;
  private used = 0;
  private posted = false;
  private error: Error | null = null;
  private slotFreed: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private result: { resolve: (hex: string) => void; reject: (error: Error) => void } | null = null;

  /** Takes a chunk (copied; the caller may reuse it). A promise means: wait before the next one. */
  update(chunk: Uint8Array): Promise<void> | undefined {
    if (this.error) return Promise.reject(this.error);
    const rest = this.fill(chunk);
    return rest ? this.fillLater(rest) : undefined;
  }

  /** The hex digest of everything given; the hash cannot be used afterwards. */
  digest(): Promise<string> {
    if (this.error) return Promise.reject(this.error);
    if (!this.posted) {
      // Small: hashed here, cheaper than a round trip.
      const hash = createHash('sha256');
      if (this.ring && this.slot >= 0) hash.update(this.ring.buffer.subarray(this.slot * SLOT, this.slot * SLOT + this.used));
      giveBack(this.ring);
      this.ring = null;
      return Promise.resolve(hash.digest('hex'));
    }
    return new Promise((resolve, reject) => {
      this.result = { resolve, reject };
      this.post('digest');
    });
  }

  /** Forgets the hash (an upload that failed). */
  dispose(): void {
    const ring = this.ring;
    this.ring = null;
    if (untrack(this)) {
      worker?.postMessage({ op: 'drop', id: this.id });
      // Slots may still be read by the worker: the ring is reused only after a finished hash.
    } else if (!this.posted) giveBack(ring);
  }

  /** Copies what fits in the free slots; returns what did not fit, or null. */
  private fill(chunk: Uint8Array): Uint8Array | null {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.slot < 0) {
        if (!this.ring) {
          this.ring = takeRing();
          for (let slot = SLOTS - 1; slot >= 0; slot--) this.free.push(slot);
        }
        const slot = this.free.pop();
        if (slot === undefined) return chunk.subarray(offset);
        this.slot = slot;
        this.used = 0;
      }
      const n = Math.min(SLOT - this.used, chunk.length - offset);
      this.ring!.buffer.set(chunk.subarray(offset, offset + n), this.slot * SLOT + this.used);
      this.used += n;
      offset += n;
      if (this.used === SLOT) this.post('update');
    }
    return null;
  }

  private async fillLater(rest: Uint8Array | null): Promise<void> {
    while (rest) {
      await new Promise<void>((resolve, reject) => (this.slotFreed = { resolve, reject }));
      rest = this.fill(rest);
    }
  }

  private post(op: 'update' | 'digest'): void {
    const ring = this.ring!;
    const message = { op, id: this.id, slot: this.slot, length: this.slot < 0 ? 0 : this.used, ringId: ring.id, ring: ring.sent ? undefined : ring.buffer.buffer };
    this.slot = -1;
    this.used = 0;
    try {
      const target = hashWorker();
      track(this);
      target.postMessage(message);
      ring.sent = true;
      this.posted = true;
    } catch (error) {
      this.failed(error as Error);
    }
  }

  /** @internal */
  received(message: Message): void {
    if (message.op === 'error') return this.failed(new Error(message.message));
    if (message.op === 'ack') {
      this.free.push(message.slot);
      const waiting = this.slotFreed;
      this.slotFreed = null;
      waiting?.resolve();
    } else {
      untrack(this);
      giveBack(this.ring);
      this.ring = null;
      this.result?.resolve(message.hex);
      this.result = null;
    }
  }

  /** @internal */
  failed(error: Error): void {
    this.error = error;
    untrack(this);
    this.slotFreed?.reject(error);
    this.result?.reject(error);
    this.slotFreed = this.result = null;
  }
}

/**
 * SHA-256 of a file being written by this process, read back on the worker thread as each range
 * is written (from the page cache: the bytes were just written). The event loop then copies
 * nothing for the hash, only names ranges; the local storage driver hashes whole uploads this way.
 * The file must stay open (its descriptor readable) until the digest is given.
 */
export class FileSha256 implements Pending {
  readonly id = nextId++;
  private error: Error | null = null;
  private result: { resolve: (hex: string) => void; reject: (error: Error) => void } | null = null;

  constructor(private readonly fd: number) {}

  /** Bytes [position, position + length) are written: hash them, in the order given. */
  add(position: number, length: number): void {
    if (this.error || !length) return;
    this.post({ op: 'file', id: this.id, fd: this.fd, position, length });
  }

  digest(): Promise<string> {
    if (this.error) return Promise.reject(this.error);
    return new Promise((resolve, reject) => {
      this.result = { resolve, reject };
      this.post({ op: 'digest', id: this.id, length: 0 });
    });
  }

  dispose(): void {
    if (untrack(this)) worker?.postMessage({ op: 'drop', id: this.id });
  }

  private post(message: Record<string, unknown>): void {
    try {
      const target = hashWorker();
      track(this);
      target.postMessage(message);
    } catch (error) {
      this.failed(error as Error);
    }
  }

  /** @internal */
  received(message: Message): void {
    untrack(this);
    if (message.op === 'digest') this.result?.resolve(message.hex);
    else if (message.op === 'error') this.result?.reject(new Error(message.message));
    this.result = null;
  }

  /** @internal */
  failed(error: Error): void {
    this.error = error;
    untrack(this);
    this.result?.reject(error);
    this.result = null;
  }
}
