const TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t', mp4: 'video/mp4', m4s: 'video/iso.segment' };

/** The media type players expect for a file of HLS output (playlists, segments, the MP4). */
export const hlsContentType = (file: string) => TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream';
