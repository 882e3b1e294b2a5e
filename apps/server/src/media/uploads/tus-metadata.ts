/**
 * tus 1.0 Upload-Metadata: comma-separated pairs of a key and its base64 value (the value may be
 * absent). Returns null when the header is malformed, so the caller answers 400.
 */
export function parseUploadMetadata(header: string | undefined): Map<string, string> | null {
  const pairs = new Map<string, string>();
  if (!header?.trim()) return pairs;
  for (const item of header.split(',')) {
    const [key, value, ...rest] = item.trim().split(' ');
    if (!key || rest.length || !/^[\x21-\x7e]+$/.test(key) || pairs.has(key)) return null;
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    pairs.set(key, value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8'));
  }
  return pairs;
}

/** The header for `values`, as a client writes it (used by tests and benchmarks). */
export function formatUploadMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');
}
