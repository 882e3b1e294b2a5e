import type { LiveHealth } from '@umpire/schema';

export type { LiveHealth };

/** What the OTT routes need from the live engine; implemented by `ott/live/engine.ts`. */
export type StreamProtocol = 'rtmp' | 'srt';
export type StreamEncryption = 'AES-128' | 'AES-256' | 'none';

export interface LiveStreamConfig {
  streamId: number;
  clientId: number;
  protocol: StreamProtocol;
  encryption: StreamEncryption;
  /** Secret RTMP stream keys of the primary and backup ingest. */
  primaryKey: string;
  backupKey: string;
  /** SRT passphrase (10 to 79 characters) when encryption is not none. */
  passphrase: string | null;
}

export interface IngestAddress {
  rtmp: string;
  srt: string;
}

/** What a stream's reads show of its ingest: the owner's addresses. */
export interface IngestEndpoints {
  primary: IngestAddress;
  backup: IngestAddress;
  /**
   * The addresses of the stream's previous owner (an instance that died or restarted), when the
   * new owner could not open the same ones (another host, a port taken meanwhile): the encoders
   * still send to these and must be given the new ones.
   */
  previous?: { primary: IngestAddress; backup: IngestAddress } | null;
}

/** The public ports of a stream's listeners, asked for again by its next owner. */
export interface IngestPorts {
  primary: { rtmp: number; srt: number };
  backup: { rtmp: number; srt: number };
}

/** A stream's ingest as the engine of this instance opened it. */
export interface OpenIngest {
  primary: IngestAddress;
  backup: IngestAddress;
  ports: IngestPorts;
}

/** One segment of a recording (a rendition's `recording.m3u8`). */
export interface SegmentEntry {
  uri: string;
  duration: number;
  programDateTime: string | null;
  /** The encoder was restarted before this segment. */
  discontinuity?: boolean;
}

/** Where an output is published as it is written: a segment before any playlist names it. */
export interface HlsSink {
  /** A finished file of the output, `rel` like `r0/seg_000001.ts`. */
  putFile(rel: string, localPath: string): Promise<void>;
  /** A playlist, `rel` like `master.m3u8` or `r0/index.m3u8`. */
  putText(rel: string, text: string): Promise<void>;
}

export type LiveOutputState = 'idle' | 'live' | 'paused' | 'ended';

export interface LiveMarker {
  id: number;
  kind: string;
  startAt: string;
  durationSeconds: number;
  title: string | null;
}

/**
 * The live engine of one instance: it runs the streams it is told to, and knows nothing of other
 * instances (live-streams.ts decides which instance owns a stream).
 */
export interface LiveControl {
  /** Renditions of the output's ladder (a recording has one playlist per rendition). */
  readonly renditions: number;
  /** Opens (or returns the already open) ingest listeners of a stream, on the ports asked for when free. */
  ensureIngest(config: LiveStreamConfig, ports?: IngestPorts | null): Promise<OpenIngest>;
  /**
   * Takes over a stream that was live or paused elsewhere (a restart, a dead instance): opens its
   * ingest on the ports asked for when free and continues its output and recording after the
   * segments recorded so far (one DISCONTINUITY), live or paused on the slate.
   */
  resume(
    config: LiveStreamConfig,
    state: { paused: boolean; useBackup: boolean; markers: LiveMarker[]; ports: IngestPorts | null; recording: SegmentEntry[][] },
  ): Promise<OpenIngest>;
  /** Publishes the stream to viewers from the primary or the backup ingest. */
  start(streamId: number, useBackup: boolean): Promise<void>;
  /** Shows a holding slate to viewers; the ingest stays connected. */
  pause(streamId: number, useBackup: boolean): Promise<void>;
  /** Ends the output and closes the recording. */
  stop(streamId: number): Promise<void>;
  /** Stops running a stream here without ending it (ownership lost or handed over): no ENDLIST. */
  suspend(streamId: number): Promise<void>;
  state(streamId: number): LiveOutputState;
  health(streamId: number): LiveHealth | null;
  onHealth(listener: (streamId: number, health: LiveHealth) => void): () => void;
  /** Replaces the stream's markers in the playlists (EXT-X-DATERANGE). */
  setMarkers(streamId: number, markers: LiveMarker[]): Promise<void>;
  /** Suspends every stream (live and paused ones are left for their next owner to resume). */
  close(): Promise<void>;
}
