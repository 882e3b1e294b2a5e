import { describe, expect, it } from 'vitest';
import { readFanToken, signFanToken } from './fan-tokens';

const secret = (byte: number) => new Uint8Array(32).fill(byte);

describe('fan tokens', () => {
  const now = new Date('2026-11-27T12:00:00Z');

  it('reads a token again from what it verified, and stops when its secret is rotated out or it expires', async () => {
    const current = secret(1);
    const token = await signFanToken({ fanId: 7, clientId: 2 }, current, 60, now);
    expect(await readFanToken(token, [current], now)).toEqual({ fanId: 7, clientId: 2 });
    // Verified once: the same answer while the secret is accepted (also as a previous one).
    expect(await readFanToken(token, [secret(9), current], now)).toEqual({ fanId: 7, clientId: 2 });
    // Its secret no longer accepted: refused, though it was verified before.
    expect(await readFanToken(token, [secret(9)], now)).toBeNull();
    expect(await readFanToken(token, [current], new Date(now.getTime() + 61_000))).toBeNull();
  });

  it('refuses a token changed by one character and one of another secret', async () => {
    const token = await signFanToken({ fanId: 7, clientId: 2 }, secret(1), 60, now);
    expect(await readFanToken(token, [secret(1)], now)).not.toBeNull();
    const tampered = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    expect(await readFanToken(tampered, [secret(1)], now)).toBeNull();
    expect(await readFanToken(await signFanToken({ fanId: 8, clientId: 2 }, secret(3), 60, now), [secret(1)], now)).toBeNull();
  });
});
