import { describe, expect, it } from 'vitest';
import { readBaseUrls, relativeIfSameOrigin, STARTUP_MESSAGES } from './environment';

describe('environment', () => {
  it('defaults every base address', () => {
    expect(readBaseUrls({})).toEqual({ umpire: '/api/v3', auth: '/auth/v1', mediaLibrary: '/media/v1' });
  });

  it('stops with the spec messages when a base address is empty', () => {
    expect(() => readBaseUrls({ VITE_UMPIRE_API_URL: '' })).toThrow(STARTUP_MESSAGES.umpire);
    expect(() => readBaseUrls({ VITE_AUTH_API_URL: ' ' })).toThrow('Please provide value for AUTH base API url');
    expect(() => readBaseUrls({ VITE_MEDIA_LIBRARY_API_URL: '' })).toThrow(STARTUP_MESSAGES.mediaLibrary);
  });

  it('makes same-origin addresses relative and leaves others', () => {
    expect(relativeIfSameOrigin('http://localhost:3000/api/v3/', 'http://localhost:3000')).toBe('/api/v3');
    expect(relativeIfSameOrigin('https://api.example.com/api/v3', 'http://localhost:3000')).toBe('https://api.example.com/api/v3');
    expect(relativeIfSameOrigin('/auth/v1', 'http://localhost:3000')).toBe('/auth/v1');
  });
});
