/**
 * A live stream's health as the live engine reports it (`meta.health` of GET /ott/streams/{id}
 * and of the event's status): the server's engine writes it, the event page graphs it.
 */
export interface LiveHealth {
  /** Which ingest feeds the output now. */
  input: 'primary' | 'backup' | null;
  connected: { primary: boolean; backup: boolean };
  bitrateKbps: number;
  fps: number;
  droppedFrames: number;
  /** SRT only. */
  rttMs: number | null;
  packetLossPercent: number | null;
  at: string;
}
