/**
 * The event page's pure rules: which stream actions a state allows, the health history kept for
 * the graphs, the points of a sparkline, and where markers sit on the timeline.
 */

import type { LiveHealth } from '@umpire/schema';

/** The live engine's health report, as the server declares it. */
export type { LiveHealth };

export type StreamStatus = 'idle' | 'live' | 'paused' | 'ended';
export type StreamAction = 'start' | 'pause' | 'stop';

/** The server's transitions (apps/server/src/ott/routes.ts): start from idle or paused, pause from live, stop (final) from live or paused. */
const ALLOWED_FROM: Record<StreamAction, readonly StreamStatus[]> = {
  start: ['idle', 'paused'],
  pause: ['live'],
  stop: ['live', 'paused'],
};

/** The buttons a stream in `status` may press; none while an action is on its way or when there is no stream. */
export function enabledActions(status: string | null | undefined, busy = false): Record<StreamAction, boolean> {
  const can = (action: StreamAction) => !busy && !!status && (ALLOWED_FROM[action] as readonly string[]).includes(status);
  return { start: can('start'), pause: can('pause'), stop: can('stop') };
}

/** The body of start, pause and stop (spec §7). */
export function actionBody(streamId: string, useBackup: boolean) {
  return { data: { id: streamId, type: 'ott_stream', attributes: { use_backup: useBackup } } };
}

export interface HealthSample {
  /** Milliseconds since the epoch (the report's own time). */
  at: number;
  bitrateKbps: number;
  fps: number;
  droppedFrames: number;
  rttMs: number | null;
  packetLossPercent: number | null;
}

/** Five minutes of samples at one every two seconds. */
export const HEALTH_WINDOW_MS = 5 * 60_000;
export const HEALTH_MAX_SAMPLES = 150;

/**
 * The history with a new report added: the same report polled twice counts once, a report older
 * than the newest is ignored, and what is older than the window (or past the cap) falls out.
 * Returns the history itself when nothing changed, so React does not redraw for nothing.
 */
export function addHealthSample(history: readonly HealthSample[], health: LiveHealth | null | undefined, windowMs = HEALTH_WINDOW_MS, max = HEALTH_MAX_SAMPLES): readonly HealthSample[] {
  if (!health) return history;
  const at = Date.parse(health.at);
  if (!Number.isFinite(at)) return history;
  const last = history[history.length - 1];
  if (last && at <= last.at) return history;
  const sample: HealthSample = {
    at,
    bitrateKbps: finite(health.bitrateKbps),
    fps: finite(health.fps),
    droppedFrames: finite(health.droppedFrames),
    rttMs: health.rttMs == null ? null : finite(health.rttMs),
    packetLossPercent: health.packetLossPercent == null ? null : finite(health.packetLossPercent),
  };
  const kept = history.filter((s) => s.at > at - windowMs);
  kept.push(sample);
  return kept.length > max ? kept.slice(kept.length - max) : kept;
}

const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The `points` of an SVG polyline drawing `values` (nulls skipped) over `width` × `height`, the
 * highest value at the top; a flat series lies on the bottom line. Empty when nothing to draw.
 */
export function sparklinePoints(values: readonly (number | null)[], width: number, height: number): string {
  const present = values.flatMap((v, i) => (v == null || !Number.isFinite(v) ? [] : [[i, v] as const]));
  if (present.length === 0) return '';
  const max = Math.max(...present.map(([, v]) => v));
  const min = Math.min(0, ...present.map(([, v]) => v));
  const span = max - min || 1;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  return present.map(([i, v]) => `${round(i * step)},${round(height - ((v - min) / span) * height)}`).join(' ');
}

export interface TimelineMarker {
  id: string;
  startAt: string;
  durationSeconds: number;
}

/**
 * The span the timeline shows: from the earliest of the event's start (when past) and the markers,
 * to the later of now and the markers' ends; at least a minute, so a fresh stream still has room.
 */
export function timelineRange(markers: readonly TimelineMarker[], startsAt: string | null | undefined, now: number): { from: number; to: number } {
  const starts = markers.map((m) => Date.parse(m.startAt)).filter(Number.isFinite);
  const ends = markers.map((m) => Date.parse(m.startAt) + Math.max(0, m.durationSeconds) * 1000).filter(Number.isFinite);
  const eventStart = startsAt ? Date.parse(startsAt) : NaN;
  const candidates = [...starts, ...(Number.isFinite(eventStart) && eventStart < now ? [eventStart] : [])];
  const to = Math.max(now, ...ends);
  const from = Math.min(to - 60_000, ...candidates);
  return { from, to };
}

/** Where a marker starts and how wide it is on the timeline, in percent (kept inside 0–100, at least a sliver wide). */
export function markerPlacement(marker: TimelineMarker, range: { from: number; to: number }): { left: number; width: number } {
  const span = Math.max(1, range.to - range.from);
  const start = Date.parse(marker.startAt);
  const left = Math.max(0, Math.min(100, ((start - range.from) / span) * 100));
  const width = Math.max(0.5, Math.min(100 - left, ((Math.max(0, marker.durationSeconds) * 1000) / span) * 100));
  return { left: Math.round(left * 100) / 100, width: Math.round(width * 100) / 100 };
}

/** Hides a secret but its last four characters (too short ones entirely). */
export function maskSecret(secret: string, replace = (s: string) => s.replace(/./g, '•')): string {
  if (secret.length <= 8) return replace(secret);
  return replace(secret.slice(0, -4)) + secret.slice(-4);
}

/** A text (an ingest URL) with every secret in it masked, as written and as URL-encoded. */
export function maskSecretsIn(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)])) out = out.split(form).join(maskSecret(secret));
  }
  return out;
}
