import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Sent only to the auth service, where sign-in reads it. */
export const DEVICE_COOKIE_PATH = '/auth/v1';

export interface IssuedDeviceCookie {
  name: string;
  value: string;
  maxAgeSeconds: number;
}

/**
 * OWASP's "device cookie": a browser where an account signed in successfully gets a signed,
 * HttpOnly cookie bound to that username, `<device id>.<expiry>.<mac>`. The MAC covers the
 * username, so a cookie copied from another account or edited by hand is worth nothing. There is
 * one cookie per account (named by a keyed hash of the username), so colleagues who share an
 * office computer each keep their own.
 */
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    secret: Uint8Array,
    private readonly days: number,
  ) {
    // A key of its own, so a device cookie can never pass for anything else signed with the secret.
    this.key = createHmac('sha256', secret).update('umpire device cookie v1').digest();
  }

  private mac(text: string): Buffer {
    return createHmac('sha256', this.key).update(text).digest();
  }

  nameFor(username: string): string {
    return `umpire_device_${this.mac(`name\n${normalUsername(username)}`).toString('hex').slice(0, 16)}`;
  }

  issue(username: string, now = Date.now()): IssuedDeviceCookie {
    const maxAgeSeconds = Math.round(this.days * 86_400);
    const device = randomBytes(16).toString('base64url');
    const expires = Math.floor(now / 1000) + maxAgeSeconds;
    const mac = this.mac(`${device}.${expires}\n${normalUsername(username)}`).toString('base64url');
    return { name: this.nameFor(username), value: `${device}.${expires}.${mac}`, maxAgeSeconds };
  }

  /** The device id of this username's cookie among the request's cookies, if it is genuine and current. */
  verify(username: string, cookies: Readonly<Record<string, string | undefined>>, now = Date.now()): string | null {
    const value = cookies[this.nameFor(username)];
    const [device, expires, mac, ...rest] = (value ?? '').split('.');
    if (!device || !expires || !mac || rest.length || !/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return null;
    const expected = this.mac(`${device}.${expires}\n${normalUsername(username)}`);
    const given = Buffer.from(mac, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? device : null;
  }
}

/** Usernames are matched as typed but for surrounding spaces and case, as the counters count them. */
export const normalUsername = (username: string) => username.trim().toLowerCase();
