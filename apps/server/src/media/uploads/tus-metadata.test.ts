import { describe, expect, it } from 'vitest';
import { formatUploadMetadata, parseUploadMetadata } from './tus-metadata';

describe('Upload-Metadata', () => {
  it('reads base64 values, keys without a value and UTF-8 names', () => {
    const header = `${formatUploadMetadata({ filename: 'Herb Wisły – 2026.png', path: '/crests/' })},is_confidential`;
    expect(Object.fromEntries(parseUploadMetadata(header)!)).toEqual({ filename: 'Herb Wisły – 2026.png', path: '/crests/', is_confidential: '' });
  });

  it('is empty without a header', () => {
    expect(parseUploadMetadata(undefined)?.size).toBe(0);
  });

  it.each(['filename a b', 'filename ***', 'a YQ==,a YQ==', 'ключ YQ=='])('refuses %j', (header) => {
    expect(parseUploadMetadata(header)).toBeNull();
  });
});
