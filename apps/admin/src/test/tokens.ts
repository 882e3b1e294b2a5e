import type { RawRule, TokenClaims } from '@umpire/schema';

const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An unsigned JWT-shaped token for unit tests (the admin never verifies signatures). */
export function makeToken(claims: Partial<TokenClaims> & { abilities?: RawRule[] } = {}): string {
  const body: Partial<TokenClaims> = {
    sub: '1',
    username: 'admin',
    client: { id: '1', name: 'Ekstraklasa Demo', providers: {} },
    roles: ['admin'],
    abilities: [{ action: 'manage', subject: 'all' }],
    iat: 1_700_000_000,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(body)}.signature`;
}
