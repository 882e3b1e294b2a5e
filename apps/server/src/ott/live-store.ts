import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ByteRange, Storage, StoredStream } from '../storage/storage';
import type { HlsSink, SegmentEntry } from './live-control';
import { parseMediaPlaylist, renditionDir } from './live/playlists';
import { segmentsToMp4, type SegmentSource } from './live/recording';
import type { FfmpegOptions } from './live/processes';
import { hlsContentType } from './hls-content-type';

/** The storage prefix of a live stream's output: its client's, then its own. */
export const liveOutputPrefix = (clientId: number, streamId: number) => `ott/c${clientId}/s${streamId}`;

/**
 * A live stream's HLS output in the storage driver (S3 in a cluster, the local directory on one
 * machine): the owner publishes each segment, then the playlists naming it, as they are written;
 * every instance (or a CDN in front of the storage) serves viewers the same bytes, and the next
 * owner of the stream reads the recording made so far to continue it. The recording's MP4 is made
 * from here too, by whichever instance runs the job.
 */
export class LiveHlsStore {
  constructor(private readonly storage: Storage) {}

  sink(clientId: number, streamId: number): HlsSink {
    const prefix = liveOutputPrefix(clientId, streamId);
    const { storage } = this;
    return {
      async putFile(rel, localPath) {
        const { size } = await stat(localPath);
        await storage.put(`${prefix}/${rel}`, createReadStream(localPath), { contentType: hlsContentType(rel), size });
      },
      async putText(rel, text) {
        const body = Buffer.from(text);
        await storage.put(`${prefix}/${rel}`, Readable.from([body]), { contentType: hlsContentType(rel), size: body.length });
      },
    };
  }

  get(clientId: number, streamId: number, file: string, range?: ByteRange): Promise<StoredStream | null> {
    return this.storage.get(`${liveOutputPrefix(clientId, streamId)}/${file}`, range);
  }

  /** The stored size of a file of the output, or null while it is not there. */
  async size(clientId: number, streamId: number, file: string): Promise<number | null> {
    return (await this.storage.head(`${liveOutputPrefix(clientId, streamId)}/${file}`))?.size ?? null;
  }

  /**
   * The recording so far, per rendition (`r0/recording.m3u8` …): what the next owner continues;
   * `ended` when it was closed (a stopped stream), never to be continued.
   */
  async recording(clientId: number, streamId: number, renditions: number): Promise<{ segments: SegmentEntry[][]; ended: boolean }> {
    const playlists = [];
    for (let i = 0; i < renditions; i++) playlists.push(parseMediaPlaylist(await this.text(clientId, streamId, `${renditionDir(i)}/recording.m3u8`)));
    return { segments: playlists.map((p) => p.segments), ended: playlists[0]?.ended ?? false };
  }

  /** The top rendition's recording joined into one MP4 at `out`, read segment by segment from storage. */
  async recordingToMp4(clientId: number, streamId: number, ff: FfmpegOptions, out: string, onProgress?: (percent: number) => void): Promise<string> {
    const prefix = liveOutputPrefix(clientId, streamId);
    const [segments] = (await this.recording(clientId, streamId, 1)).segments;
    const sources: SegmentSource[] = [];
    for (const s of segments) {
      const key = `${prefix}/${renditionDir(0)}/${s.uri}`;
      const head = await this.storage.head(key);
      if (!head) throw new Error(`the recording's segment ${s.uri} is missing from storage`);
      sources.push({
        size: head.size,
        open: async () => {
          const object = await this.storage.get(key);
          if (!object) throw new Error(`the recording's segment ${s.uri} is missing from storage`);
          return object.body;
        },
      });
    }
    return segmentsToMp4(ff, sources, out, onProgress);
  }

  private async text(clientId: number, streamId: number, file: string): Promise<string> {
    const object = await this.get(clientId, streamId, file);
    if (!object) return '';
    const parts: Buffer[] = [];
    for await (const chunk of object.body) parts.push(chunk as Buffer);
    return Buffer.concat(parts).toString('utf8');
  }
}
