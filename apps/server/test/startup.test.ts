import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { startTestServer, type TestServer } from './support/test-server';

const CONFIGURATION = '/api/v3/settings/configurations?resource=client&product=umpire';

/** A built admin app as the build leaves it: hashed assets with .br/.gz beside them. */
function fakeAdminDist(): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-dist-'));
  const script = `console.log(${JSON.stringify('umpire '.repeat(400))});`;
  const write = (path: string, body: string, compressed = false) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), body);
    if (!compressed) return;
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(body));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(body));
  };
  write('index.html', '<!doctype html><title>Umpire</title><div id="startup-shell"></div>');
  write('assets/index-AbCd1234.js', script, true);
  write('assets/i18n/app/pl.json', JSON.stringify({ app: { name: 'Umpire' } }), true);
  return { dir, script };
}

describe('languages from INTERFACE_LANGUAGES and DEFAULT_LANGUAGE, and the admin app’s files', () => {
  let api: TestServer;
  let dist: ReturnType<typeof fakeAdminDist>;
  beforeAll(async () => {
    dist = fakeAdminDist();
    api = await startTestServer({}, { INTERFACE_LANGUAGES: 'EN, pl,en', DEFAULT_LANGUAGE: 'pl', ADMIN_DIST: dist.dir });
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dist.dir, { recursive: true, force: true });
  });

  it('answers the configuration with the installation’s languages, in its order, and its default', async () => {
    const config = await api.get(CONFIGURATION);
    expect(config.status).toBe(200);
    expect(config.body.data.attributes).toMatchObject({ interface_languages: ['en', 'pl'], default_language: 'pl' });
  });

  it('lets a client narrow the languages and pick its default among them, never outside the installation’s', async () => {
    const settings = (attributes: Record<string, unknown>) => ({ data: { type: 'clients', attributes: { settings: attributes } } });
    expect((await api.patch('/api/v3/client', settings({ interface_languages: ['en'] }))).status).toBe(200);
    // The installation's default (pl) is no longer offered: the first offered language is.
    expect((await api.get(CONFIGURATION)).body.data.attributes).toMatchObject({ interface_languages: ['en'], default_language: 'en' });
    const outside = await api.patch('/api/v3/client', settings({ default_language: 'pl' }));
    expect(outside.status).toBe(422);
    expect(outside.body.errors[0].source.pointer).toBe('/data/attributes/settings/default_language');
    expect((await api.patch('/api/v3/client', settings({ interface_languages: ['pl', 'en'], default_language: 'en' }))).status).toBe(200);
    expect((await api.get(CONFIGURATION)).body.data.attributes).toMatchObject({ interface_languages: ['pl', 'en'], default_language: 'en' });
  });

  it('serves index.html for revalidation and hashed assets compressed and cached for a year', async () => {
    for (const path of ['/', '/clubs/3']) {
      const page = await fetch(api.url + path);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('startup-shell');
    }
    for (const encoding of ['br', 'gzip']) {
      const script = await fetch(`${api.url}/assets/index-AbCd1234.js`, { headers: { 'accept-encoding': encoding } });
      expect(script.headers.get('content-encoding')).toBe(encoding);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(script.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await script.text()).toBe(dist.script);
    }
    const plain = await fetch(`${api.url}/assets/index-AbCd1234.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(dist.script);
    const texts = await fetch(`${api.url}/assets/i18n/app/pl.json?v=build1`, { headers: { 'accept-encoding': 'br' } });
    expect(texts.headers.get('content-encoding')).toBe('br');
    expect(texts.headers.get('cache-control')).toBe('no-cache');
    expect(await texts.json()).toEqual({ app: { name: 'Umpire' } });
    // Connections stay open between the app's many requests.
    expect(texts.headers.get('connection')).toBe('keep-alive');
  });

  it('answers a wrong path of a service with a JSON:API 404, not the admin app', async () => {
    for (const path of ['/public/v1/no_such_thing', '/public/v1/current_pages', '/ott/no_such_thing', '/internal/nothing', '/api/v3/no_such_type', '/auth/v1/nope']) {
      const res = await api.get(path, { token: null });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('application/vnd.api+json');
      expect(res.body.errors[0], path).toMatchObject({ status: '404', code: 'notFound' });
    }
  });

  it("sends a browser's /favicon.ico to the app's icon instead of a 404", async () => {
    const icon = await fetch(`${api.url}/favicon.ico`, { redirect: 'manual' });
    expect(icon.status).toBe(301);
    expect(icon.headers.get('location')).toBe('/favicon.svg');
  });
});

describe('the first interface language is the default when DEFAULT_LANGUAGE is not set', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer({}, { INTERFACE_LANGUAGES: 'en' });
  });
  afterAll(() => api?.close());

  it('offers only English, by default, and refuses a client setting Polish', async () => {
    expect((await api.get(CONFIGURATION)).body.data.attributes).toMatchObject({ interface_languages: ['en'], default_language: 'en' });
    const polish = await api.patch('/api/v3/client', { data: { type: 'clients', attributes: { settings: { interface_languages: ['pl'] } } } });
    expect(polish.status).toBe(422);
    expect(polish.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/settings/interface_languages/0' }, meta: { key: 'invalidEnum' } });
  });
});

describe('a bad language setting stops the start with a message, not a stack', () => {
  const start = (env: NodeJS.ProcessEnv) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'umpire-badenv-'));
      const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/main.ts')], {
        cwd: REPO_ROOT,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      child.once('exit', (code) => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve({ code, output });
      });
    });

  it.each([
    [{ INTERFACE_LANGUAGES: 'pl,de' }, 'INTERFACE_LANGUAGES=pl,de names de, which the admin has no translations for; the interface languages are pl, en.'],
    [{ INTERFACE_LANGUAGES: ' , ' }, 'INTERFACE_LANGUAGES is empty'],
    [{ INTERFACE_LANGUAGES: 'pl', DEFAULT_LANGUAGE: 'en' }, 'DEFAULT_LANGUAGE=en is not one of INTERFACE_LANGUAGES (pl).'],
  ])('%o', async (env, message) => {
    const { code, output } = await start(env);
    expect(code).toBe(1);
    expect(output).toContain(`Umpire cannot start: ${message}`);
    expect(output).not.toMatch(/^\s+at /m);
  });
});
