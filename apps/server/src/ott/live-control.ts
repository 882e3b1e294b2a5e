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

export interface IngestEndpoints {
  primary: IngestAddress;
  backup: IngestAddress;
  /**
   * The addresses of before a server restart, when their ports were taken meanwhile and the
   * stream got new ones: the encoders still send to these and must be given the new ones.
   */
  previous?: { primary: IngestAddress; backup: IngestAddress } | null;
}

export type LiveOutputState = 'idle' | 'live' | 'paused' | 'ended';

export interface LiveMarker {
  id: number;
  kind: string;
  startAt: string;
  durationSeconds: number;
  title: string | null;
}

export interface LiveControl {
  /** Opens (or returns the already open) ingest listeners of a stream. */
  ensureIngest(config: LiveStreamConfig): Promise<IngestEndpoints>;
  /**
   * After a server restart: opens the stream's ingest on its ports of before and continues its
   * output and recording (live, or paused on the slate), if this instance ran it; else null.
   */
  resume(config: LiveStreamConfig, state: { paused: boolean; useBackup: boolean; markers: LiveMarker[] }): Promise<IngestEndpoints | null>;
  /** Publishes the stream to viewers from the primary or the backup ingest. */
  start(streamId: number, useBackup: boolean): Promise<void>;
  /** Shows a holding slate to viewers; the ingest stays connected. */
  pause(streamId: number, useBackup: boolean): Promise<void>;
  /** Ends the output and closes the recording. */
  stop(streamId: number): Promise<void>;
  state(streamId: number): LiveOutputState;
  health(streamId: number): LiveHealth | null;
  onHealth(listener: (streamId: number, health: LiveHealth) => void): () => void;
  /** Directory holding the stream's HLS output (master.m3u8 and renditions), served under `/ott/hls/live/{streamId}/`. */
  hlsDirectory(streamId: number): string | null;
  /** Replaces the stream's markers in the playlists (EXT-X-DATERANGE). */
  setMarkers(streamId: number, markers: LiveMarker[]): Promise<void>;
  /** Turns the whole recording into one MP4 file and resolves with its path. */
  recordingToMp4(streamId: number, onProgress?: (percent: number) => void): Promise<string>;
  /** Stops every listener and output; live and paused streams are left to be resumed by the next start. */
  close(): Promise<void>;
}
