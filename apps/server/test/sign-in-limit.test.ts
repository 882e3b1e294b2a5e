import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { startTestServer, type TestServer } from './support/test-server';

/** Each test has its own server: failed attempts are counted per address across the whole database. */
let api: TestServer;
beforeEach(async () => {
  api = await startTestServer();
});
afterEach(() => api?.close());

const signInBody = (username: string, password: string, extra: Record<string, unknown> = {}) => ({
  data: { type: 'sign_in', attributes: { username, password, ...extra } },
});

describe('sign-in rate limit', () => {
  it('answers the 11th failed attempt within a minute with 429, per username whatever else the body holds', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await api.post('/auth/v1/sign_in', signInBody(i % 2 ? 'Operator ' : 'operator', `wrong-${i}`, { remember: i }), { token: null });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Even the right password waits now.
    const right = await api.post('/auth/v1/sign_in', signInBody('operator', DEMO_PASSWORD), { token: null });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBe('60');
    expect(right.body.errors[0].meta.key).toBe('tooManyRequests');
  });

  it('counts per address too, across usernames, and through the gateway form', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await api.post('/auth/v1/sign_in', signInBody(`user-${i}`, 'wrong'), { token: null });
      expect(res.status).toBe(401);
    }
    const form = await fetch(`${api.url}/auth/v1/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: DEMO_PASSWORD, redirect: '/' }).toString(),
      redirect: 'manual',
    });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain('Too many failed attempts');
  });
});
