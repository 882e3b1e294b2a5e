import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createStorage } from '../src/storage/create-storage';
import { backupInstallation, restoreInstallation } from '../src/ops/backup';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { startServer, type RunningServer } from '../src/server';
import { freshDatabase, startTestServer, TEST_DB, type TestServer } from './support/test-server';

/**
 * Backups that restore (issue 12, point 4): a backup taken while writes go on holds every write
 * acknowledged before it began, and a new, empty installation restored from it serves the same
 * records, files and history.
 */
let api: TestServer;
let restored: RunningServer | undefined;
let second: Awaited<ReturnType<typeof freshDatabase>>;
const folders: string[] = [];
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  api = await startTestServer();
  second = await freshDatabase();
});
afterAll(async () => {
  await restored?.close();
  await api?.close();
  await second?.drop();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

async function upload(name: string, content: Buffer) {
  const boundary = `----umpire${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/kopie/\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${api.url}/media/v1/uploads/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await api.token('admin')}`, 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/vnd.api+json' },
    body,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { data: { id: string } };
}

describe(`backup and restore (${TEST_DB})`, () => {
  it('backs up while writes go on, and restores into a new installation that serves the same records, files and history', { timeout: 120_000 }, async () => {
    const club = await api.post('/api/v3/clubs', { data: { type: 'clubs', attributes: { name: 'Klub z kopii' } } });
    expect(club.status, club.text).toBe(201);
    const renamed = await api.patch(`/api/v3/clubs/${club.body.data.id}`, { data: { type: 'clubs', id: club.body.data.id, attributes: { name: 'Klub z kopii zapasowej' } } });
    expect(renamed.status, renamed.text).toBe(200);
    const picture = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0a5' } }).png().toBuffer();
    const file = await upload('kopia.png', picture);
    const stored = Buffer.from(await (await fetch(`${api.url}/media/v1/uploads/files/${file.data.id}/content`, { headers: { authorization: `Bearer ${await api.token('admin')}` } })).arrayBuffer());

    // Writes keep coming while the backup runs; those acknowledged before it began must be in it.
    let writing = true;
    const acknowledged: { id: string; before: boolean }[] = [];
    let started = false;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const res = await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: `Kopia ${i} ${Date.now()}` } } }).catch(() => null);
        if (res?.status === 201) acknowledged.push({ id: res.body.data.id, before: !started }); // answered before the backup began
      }
    })();
    while (acknowledged.length < 3) await new Promise((r) => setTimeout(r, 20));
    const dir = join(mkdtempSync(join(tmpdir(), 'umpire-backup-')), 'kopia');
    folders.push(dir);
    started = true;
    const manifest = await backupInstallation(api.server.config, api.server.storage, dir);
    writing = false;
    await writer;
    expect(manifest.dialect).toBe(TEST_DB);
    expect(manifest.tables.clubs).toBeGreaterThan(0);
    expect(manifest.files.count).toBeGreaterThan(0);
    expect(manifest.files.missing).toEqual([]);
    expect(acknowledged.filter((a) => a.before).length).toBeGreaterThan(0);

    // The running installation is not empty: restoring into it is refused.
    await expect(restoreInstallation(api.server.config, api.server.storage, dir)).rejects.toThrow(/not empty/);

    // A new installation: its own (empty) database and data folder.
    const config = loadConfig(second.env);
    const storage = createStorage(config.storage);
    await restoreInstallation(config, storage, dir);
    restored = await startServer({ port: 0, host: '127.0.0.1' }, second.env);
    const token = (await (await fetch(`${restored.url}/auth/v1/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'sign_in', attributes: { username: 'admin', password: DEMO_PASSWORD } } }),
    })).json()) as { data: { attributes: { token: string } } };
    const get = async (path: string) => {
      const res = await fetch(`${restored!.url}${path}`, { headers: { authorization: `Bearer ${token.data.attributes.token}` } });
      return { status: res.status, body: (await res.json()) };
    };
    expect((await get(`/api/v3/clubs/${club.body.data.id}`)).body.data.attributes.name).toBe('Klub z kopii zapasowej');
    const history = await get(`/api/v3/audit_events?filter[resource_type]=clubs&filter[resource_id]=${club.body.data.id}&sort=id`);
    expect(history.body.data.map((e: any) => e.attributes.action)).toEqual(['create', 'update']);
    for (const { id } of acknowledged.filter((a) => a.before)) expect((await get(`/api/v3/tags/${id}`)).status, `tag ${id}`).toBe(200);
    const content = await fetch(`${restored.url}/media/v1/uploads/files/${file.data.id}/content`, { headers: { authorization: `Bearer ${token.data.attributes.token}` } });
    expect(content.status).toBe(200);
    expect(sha(Buffer.from(await content.arrayBuffer()))).toBe(sha(stored));
    // The manifest is readable by people too.
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).format).toBe(1);
  });

  it('refuses what is not a backup', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-not-backup-'));
    folders.push(dir);
    await expect(restoreInstallation(api.server.config, api.server.storage, dir)).rejects.toThrow(/not a backup/);
    // An empty folder may take a backup; one that holds something may not.
    await expect(backupInstallation(api.server.config, api.server.storage, dir)).resolves.toMatchObject({ format: 1 });
    await expect(backupInstallation(api.server.config, api.server.storage, dir)).rejects.toThrow(/not empty/);
  });
});
