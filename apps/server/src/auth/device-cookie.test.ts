import { describe, expect, it } from 'vitest';
import { DeviceCookies } from './device-cookie';

const secret = new TextEncoder().encode('device-cookie-test-secret');

describe('device cookies', () => {
  const devices = new DeviceCookies(secret, 30);
  const cookie = devices.issue('Operator', 1_000_000);
  const jar = (value: string, name = cookie.name) => ({ [name]: value });

  it('names the device for the username it was issued to, whatever the case and spaces', () => {
    expect(devices.verify(' operator ', jar(cookie.value), 1_000_000)).toMatch(/^[\w-]{22}$/);
    expect(cookie.name).toBe(devices.nameFor('OPERATOR'));
    expect(cookie.name).not.toBe(devices.nameFor('editor'));
    expect(cookie.maxAgeSeconds).toBe(30 * 86_400);
  });

  it('is worth nothing once expired, for another username, or signed with another secret', () => {
    expect(devices.verify('operator', jar(cookie.value), 1_000_000 + 30 * 86_400_000)).toBeNull();
    expect(devices.verify('editor', jar(cookie.value, devices.nameFor('editor')), 1_000_000)).toBeNull();
    expect(new DeviceCookies(new TextEncoder().encode('another secret'), 30).verify('operator', jar(cookie.value), 1_000_000)).toBeNull();
    expect(devices.verify('operator', {}, 1_000_000)).toBeNull();
    expect(devices.verify('operator', jar(`${cookie.value}.x`), 1_000_000)).toBeNull();
  });
});
