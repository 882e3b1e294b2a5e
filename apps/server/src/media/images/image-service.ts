import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { imageUrlPath, type ImageFormat, type ImageRequest } from '@umpire/schema';
import type { ImageServiceConfig } from '../../config';
import type { DB } from '../../db/database';
import type { Storage } from '../../storage/storage';
import { imageRenders, imageRendersRefused } from '../../telemetry/metrics';
import { inSpan } from '../../telemetry/spans';
import { checkPixels, CONTENT_TYPES, readHeader, renderVariant, type SourceHeader } from './render';
import type { Readable } from 'node:stream';

/** Enough of a file's start to hold its header (JPEG's can follow a large EXIF block). */
const HEADER_BYTES = 256 * 1024;

export interface Variant {
  contentType: string;
  /** Strong validator: the variant never changes for one URL and one stored file. */
  etag: string;
  size: number;
  body: () => Readable | Buffer;
  cached: boolean;
}

export class ImageBusy extends Error {}

/** The most recently served variants in memory, up to `limitBytes`: a hit then costs no disk. */
export class VariantMemory {
  private readonly entries = new Map<string, { contentType: string; data: Buffer }>();
  private bytes = 0;

  constructor(private readonly limitBytes: number) {}

  get(etag: string) {
    const entry = this.entries.get(etag);
    if (entry) {
      this.entries.delete(etag);
      this.entries.set(etag, entry);
    }
    return entry;
  }

  set(etag: string, contentType: string, data: Buffer): void {
    // A variant larger than an eighth of the room would push out many others for one.
    if (data.length > this.limitBytes / 8 || this.entries.has(etag)) return;
    this.entries.set(etag, { contentType, data });
    this.bytes += data.length;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.limitBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.data.length;
    }
  }
}

/** Lets `limit` tasks run at once and `queue` wait; refuses the rest at once. */
export class RenderGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.queue) {
        imageRendersRefused.inc();
        throw new ImageBusy();
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` never overshoots.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

interface SourceFile {
  storage_key: string;
  width: number | null;
  height: number | null;
  sha256: string | null;
  size: number | null;
}

/**
 * The folder holding every cached variant of one stored file (named by a hash of its key, so no
 * key reaches a path), removed whole when the file is deleted.
 */
export function variantDirOf(cacheDir: string, storageKey: string): string {
  const name = createHash('sha256').update(storageKey).digest('hex').slice(0, 32);
  return join(cacheDir, name.slice(0, 2), name);
}

/** Drops a deleted file's variants from the disk cache (the memory cache never serves them: the file is looked up first). */
export async function dropVariants(cacheDir: string, storageKey: string): Promise<void> {
  await rm(variantDirOf(cacheDir, storageKey), { recursive: true, force: true });
}

/**
 * Variants of library pictures: found by their `image_path` (a stored image file, never a storage
 * key from the URL), rendered once and kept on disk under a name made of the file and the URL.
 */
export class ImageService {
  private readonly gate: RenderGate;
  /** Renders of one variant asked for at once share one render. */
  private readonly inFlight = new Map<string, Promise<Variant>>();
  private readonly memory: VariantMemory;

  constructor(
    private readonly db: DB,
    private readonly storage: Storage,
    private readonly config: ImageServiceConfig,
  ) {
    this.gate = new RenderGate(config.renders, config.queue);
    this.memory = new VariantMemory(config.memoryBytes);
  }

  /** The variant, or null when no stored image has this path. */
  async variant(request: ImageRequest): Promise<Variant | null> {
    const file = (await this.db
      .selectFrom('media_files')
      .select(['storage_key', 'width', 'height', 'sha256', 'size'])
      .where('image_path', '=', request.path)
      .where('kind', '=', 'image')
      .where('state', '=', 'stored')
      .executeTakeFirst());
    if (!file?.storage_key) return null;
    // The storage key is new for every upload, so a variant of a replaced file is never served.
    const etag = createHash('sha256').update(`${file.storage_key}\n${file.sha256 ?? file.size ?? ''}\n${imageUrlPath(request)}`).digest('hex').slice(0, 40);
    const path = join(variantDirOf(this.config.cacheDir, String(file.storage_key)), etag);
    const format = request.format;
    const remembered = this.memory.get(etag);
    if (remembered) return { contentType: remembered.contentType, etag, size: remembered.data.length, body: () => remembered.data, cached: true };
    const hit = await this.cached(path, etag, format);
    if (hit) return hit;
    let pending = this.inFlight.get(etag);
    if (!pending) {
      pending = this.gate.run(() => this.timedRender(file, request, path, etag)).finally(() => this.inFlight.delete(etag));
      this.inFlight.set(etag, pending);
    }
    return pending;
  }

  private async cached(path: string, etag: string, format: ImageFormat | null): Promise<Variant | null> {
    // The format is in the file name when the URL named none (it follows the source's).
    for (const candidate of format ? [format] : (Object.keys(CONTENT_TYPES) as ImageFormat[])) {
      try {
        const file = `${path}.${candidate}`;
        const info = await stat(file);
        if (info.size > this.config.memoryBytes / 8)
          return { contentType: CONTENT_TYPES[candidate], etag, size: info.size, body: () => createReadStream(file), cached: true };
        const data = await readFile(file);
        this.memory.set(etag, CONTENT_TYPES[candidate], data);
        return { contentType: CONTENT_TYPES[candidate], etag, size: data.length, body: () => data, cached: true };
      } catch {
        // not rendered yet in this format
      }
    }
    return null;
  }

  /** A render in a span of its own when tracing, timed by outcome (/metrics). */
  private timedRender(file: SourceFile, request: ImageRequest, path: string, etag: string): Promise<Variant> {
    const started = performance.now();
    const done = (outcome: 'ok' | 'failed') => imageRenders.observe({ outcome }, (performance.now() - started) / 1000);
    return inSpan('image.render', { 'umpire.image.path': request.path }, () => this.render(file, request, path, etag)).then(
      (variant) => {
        done('ok');
        return variant;
      },
      (error: unknown) => {
        done('failed');
        throw error;
      },
    );
  }

  private async render(file: SourceFile, request: ImageRequest, path: string, etag: string): Promise<Variant> {
    const source = await this.header(file);
    checkPixels(source.width, source.height);
    const object = await this.storage.get(file.storage_key);
    if (!object) throw new Error(`stored image ${file.storage_key} is missing`);
    const { data, format } = await renderVariant(object.body, source, request, Math.max(1, Math.ceil(this.config.timeoutMs / 1000)));
    // Written beside and renamed, so a reader never sees half a file.
    const target = `${path}.${format}`;
    const temporary = `${target}.${randomUUID()}.partial`;
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(temporary, data);
      await rename(temporary, target);
    } catch {
      // A full disk or a read-only cache costs the next request a render, nothing more.
      await rm(temporary, { force: true });
    }
    this.memory.set(etag, CONTENT_TYPES[format], data);
    return { contentType: CONTENT_TYPES[format], etag, size: data.length, body: () => data, cached: false };
  }

  /** Size from the file's header; the library's record when the header is unreadable. */
  private async header(file: SourceFile): Promise<SourceHeader> {
    const head = await this.storage.get(file.storage_key, { start: 0, end: HEADER_BYTES - 1 });
    if (!head) throw new Error(`stored image ${file.storage_key} is missing`);
    const chunks: Buffer[] = [];
    for await (const chunk of head.body) chunks.push(chunk as Buffer);
    const header = await readHeader(Buffer.concat(chunks));
    if (header) return header;
    if (file.width && file.height) return { format: undefined, width: file.width, height: file.height };
    throw new Error(`stored image ${file.storage_key} has no readable header`);
  }
}
