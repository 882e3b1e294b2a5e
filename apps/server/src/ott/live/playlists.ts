import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { LiveMarker, SegmentEntry } from '../live-control';

export type { HlsSink, SegmentEntry } from '../live-control';

/** One rung of the HLS ladder. */
export interface Rendition {
  name: string;
  width: number;
  height: number;
  videoKbps: number;
}

/** Segments of an ffmpeg media playlist, in order. */
export function parseMediaPlaylist(text: string): { segments: SegmentEntry[]; ended: boolean } {
  const segments: SegmentEntry[] = [];
  let duration = 0;
  let pdt: string | null = null;
  let ended = false;
  let discontinuity = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdt = line.slice(25);
    else if (line === '#EXT-X-ENDLIST') ended = true;
    else if (line === '#EXT-X-DISCONTINUITY') discontinuity = true;
    else if (!line.startsWith('#')) {
      segments.push({ uri: path.posix.basename(line), duration, programDateTime: pdt, ...(discontinuity ? { discontinuity } : {}) });
      duration = 0;
      discontinuity = false;
      pdt = null;
    }
  }
  return { segments, ended };
}

const quoted = (s: string) => s.replace(/["\r\n]/g, (c) => (c === '"' ? "'" : ' '));

/** EXT-X-DATERANGE lines of the markers (ad breaks, chapters, highlights). */
export function dateRangeLines(markers: LiveMarker[]): string[] {
  return markers.map((m) => {
    const attrs = [
      `ID="marker-${m.id}"`,
      `CLASS="${quoted(m.kind)}"`,
      `START-DATE="${new Date(m.startAt).toISOString()}"`,
      `DURATION=${Math.max(0, m.durationSeconds).toFixed(3)}`,
    ];
    if (m.title) attrs.push(`X-TITLE="${quoted(m.title)}"`);
    return `#EXT-X-DATERANGE:${attrs.join(',')}`;
  });
}

/** ffmpeg's live playlist with the markers put in after its header. */
export function withDateRanges(raw: string, markers: LiveMarker[]): string {
  const lines = raw.split('\n');
  const at = lines.findIndex((l) => l.startsWith('#EXTINF') || l.startsWith('#EXT-X-PROGRAM-DATE-TIME') || l.startsWith('#EXT-X-DISCONTINUITY'));
  lines.splice(at < 0 ? lines.length : at, 0, ...dateRangeLines(markers));
  return lines.join('\n');
}

/** The whole recording as an HLS event playlist (a VOD once ENDLIST is written). */
export function recordingPlaylist(segments: SegmentEntry[], markers: LiveMarker[], ended: boolean): string {
  const target = Math.max(1, ...segments.map((s) => Math.ceil(s.duration)));
  const out = ['#EXTM3U', '#EXT-X-VERSION:6', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0'];
  out.push('#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-INDEPENDENT-SEGMENTS', ...dateRangeLines(markers));
  for (const s of segments) {
    if (s.discontinuity) out.push('#EXT-X-DISCONTINUITY');
    if (s.programDateTime) out.push(`#EXT-X-PROGRAM-DATE-TIME:${s.programDateTime}`);
    out.push(`#EXTINF:${s.duration.toFixed(6)},`, s.uri);
  }
  if (ended) out.push('#EXT-X-ENDLIST');
  return out.join('\n') + '\n';
}

/** A master playlist over the renditions' media playlists named `file` in their folders. */
export function masterPlaylist(ladder: Rendition[], file: string, audioKbps: number): string {
  const out = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  ladder.forEach((r, i) => {
    const bandwidth = Math.round((r.videoKbps + audioKbps) * 1000 * 1.1);
    out.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="avc1.4d4028,mp4a.40.2"`);
    out.push(`${renditionDir(i)}/${file}`);
  });
  return out.join('\n') + '\n';
}

export const renditionDir = (i: number) => `r${i}`;

/** Writes a file through a temporary name, so that a player never reads half a playlist. */
export async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, text);
  await fs.rename(tmp, file);
}
