import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WriteContext } from '../src/jsonapi/context';
import { modelOf } from '../src/jsonapi/model';
import { createRecord, updateRecord } from '../src/jsonapi/write';
import { closeBatch, openBatch, recordCreated, recordUpdated } from '../src/imports/batches';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The import batch core (issue 26): what an import writes is remembered under its id, and undo
 * (DELETE /api/v3/imports/{id}) removes exactly what it created, refuses while later records
 * depend on it, and refuses a second time.
 */
let api: TestServer;
let clientId: number;

beforeAll(async () => {
  api = await startTestServer();
  const client = await api.server.database.db.selectFrom('clients').select('id').where('slug', '=', 'ekstraklasa-demo').executeTakeFirstOrThrow();
  clientId = Number(client.id);
}, 120_000);
afterAll(() => api?.close());

/** Runs `work` as an import would: one transaction, as the demo admin. */
async function inBatch<T>(work: (ctx: WriteContext) => Promise<T>): Promise<T> {
  const { database } = api.server;
  return database.db.transaction().execute((trx) =>
    work({ db: trx, dialect: database.dialect, clientId, actor: 'admin', apiBase: `${api.url}/api/v3`, events: [] }),
  );
}

const venue = (name: string) => ({ data: { type: 'venues', attributes: { name, city: 'Testowo' } } });
const exists = async (table: string, id: string) =>
  !!(await api.server.database.db.selectFrom(table).select('id').where('id', '=', Number(id)).where('client_id', '=', clientId).executeTakeFirst());

describe('undo of an import (DELETE /api/v3/imports/{id})', () => {
  it('removes exactly what the import created, newest first, keeps what it updated, and refuses a second time', async () => {
    const existing = (await api.get('/api/v3/clubs?page[size]=1&sort=name')).body.data[0];
    const { importId, venueIds, clubId } = await inBatch(async (ctx) => {
      const importId = await openBatch(ctx, { kind: 'clubs', fileName: 'kluby.csv', format: 'csv', mapping: { Nazwa: 'name' }, options: {} });
      const v1 = await createRecord(ctx, modelOf('venues'), venue('Stadion Importu 1'));
      const v2 = await createRecord(ctx, modelOf('venues'), venue('Stadion Importu 2'));
      await recordCreated(ctx, importId, 'venues', [String(v1.id), String(v2.id)]);
      // A club made by the import that refers to a venue made by the same import: not a later dependent.
      const club = await createRecord(ctx, modelOf('clubs'), {
        data: { type: 'clubs', attributes: { name: 'Klub Importu' }, relationships: { venue: { data: { type: 'venues', id: String(v1.id) } } } },
      });
      await recordCreated(ctx, importId, 'clubs', [String(club.id)]);
      await updateRecord(ctx, modelOf('clubs'), existing.id, { data: { type: 'clubs', id: existing.id, attributes: { city: 'Zmienione Miasto' } } });
      await recordUpdated(ctx, importId, 'clubs', [existing.id]);
      await closeBatch(ctx, importId, { venues: { created: 2, updated: 0, skipped: 0 }, clubs: { created: 1, updated: 1, skipped: 0 } }, 3);
      return { importId: String(importId), venueIds: [String(v1.id), String(v2.id)], clubId: String(club.id) };
    });

    const report = await api.get(`/api/v3/imports/${importId}`);
    expect(report.status, report.text).toBe(200);
    expect(report.body.data.attributes).toMatchObject({
      kind: 'clubs',
      status: 'committed',
      file_name: 'kluby.csv',
      format: 'csv',
      mapping: { Nazwa: 'name' },
      row_count: 3,
      created_by: 'admin',
      summary: { venues: { created: 2, updated: 0, skipped: 0 }, clubs: { created: 1, updated: 1, skipped: 0 } },
      undone_at: null,
    });
    const history = await api.get(`/api/v3/imports?filter[kind]=clubs&filter[status]=committed&sort=-created_at`);
    expect(history.status, history.text).toBe(200);
    expect(history.body.data.map((i: { id: string }) => i.id)).toContain(importId);

    const undo = await api.delete(`/api/v3/imports/${importId}`);
    expect(undo.status, undo.text).toBe(200);
    expect(undo.body.data.attributes).toMatchObject({ status: 'undone', undone_by: 'admin' });
    expect(undo.body.data.attributes.undone_at).toEqual(expect.any(String));
    for (const id of venueIds) expect(await exists('venues', id)).toBe(false);
    expect(await exists('clubs', clubId)).toBe(false);
    // What it updated stays as it is now; nothing else was touched.
    const updated = await api.get(`/api/v3/clubs/${existing.id}`);
    expect(updated.body.data.attributes.city).toBe('Zmienione Miasto');

    // The deletes are in the history, the club (newer) before its venue.
    const deletes = await api.get(`/api/v3/audit_events?filter[action]=delete&sort=id&page[size]=100`);
    const order = deletes.body.data
      .map((e: { attributes: { resource_type: string; resource_id: string } }) => `${e.attributes.resource_type}:${e.attributes.resource_id}`)
      .filter((k: string) => [`clubs:${clubId}`, ...venueIds.map((id) => `venues:${id}`)].includes(k));
    expect(order).toEqual([`clubs:${clubId}`, `venues:${venueIds[1]}`, `venues:${venueIds[0]}`]);

    const again = await api.delete(`/api/v3/imports/${importId}`);
    expect(again.status, again.text).toBe(409);
    expect(again.body.errors[0].meta.key).toBe('importUndone');
  });

  it('is refused, naming them, while later records refer to what the import created; allowed once they are gone', async () => {
    const { importId, venueId } = await inBatch(async (ctx) => {
      const importId = await openBatch(ctx, { kind: 'clubs', fileName: 'kluby.xlsx', format: 'xlsx' });
      const v = await createRecord(ctx, modelOf('venues'), venue('Stadion Zależny'));
      await recordCreated(ctx, importId, 'venues', [String(v.id)]);
      await closeBatch(ctx, importId, { venues: { created: 1, updated: 0, skipped: 0 } }, 1);
      return { importId: String(importId), venueId: String(v.id) };
    });
    // A later club plays at the imported venue.
    const club = await api.post('/api/v3/clubs', {
      data: { type: 'clubs', attributes: { name: 'Późniejszy Klub' }, relationships: { venue: { data: { type: 'venues', id: venueId } } } },
    });
    expect(club.status, club.text).toBe(201);

    const refused = await api.delete(`/api/v3/imports/${importId}`, { headers: { 'accept-language': 'pl' } });
    expect(refused.status, refused.text).toBe(409);
    const error = refused.body.errors[0];
    expect(error.meta.key).toBe('importHasDependents');
    expect(error.meta.params.count).toBe(1);
    expect(error.meta.params.dependents).toEqual([{ type: 'clubs', id: club.body.data.id, relationship: 'venue', record_type: 'venues', record_id: venueId }]);
    expect(error.detail).toContain(`clubs ${club.body.data.id}`);
    expect(error.detail).toMatch(/nie można cofnąć/);
    // Nothing changed.
    expect(await exists('venues', venueId)).toBe(true);
    expect((await api.get(`/api/v3/imports/${importId}`)).body.data.attributes.status).toBe('committed');

    expect((await api.delete(`/api/v3/clubs/${club.body.data.id}`)).status).toBe(204);
    const undo = await api.delete(`/api/v3/imports/${importId}`);
    expect(undo.status, undo.text).toBe(200);
    expect(await exists('venues', venueId)).toBe(false);
  });

  it('passes over a record deleted meanwhile, answers 404 for an unknown import and 403 to a viewer', async () => {
    const { importId, venueIds } = await inBatch(async (ctx) => {
      const importId = await openBatch(ctx, { kind: 'clubs' });
      const a = await createRecord(ctx, modelOf('venues'), venue('Stadion A'));
      const b = await createRecord(ctx, modelOf('venues'), venue('Stadion B'));
      await recordCreated(ctx, importId, 'venues', [String(a.id), String(b.id)]);
      await closeBatch(ctx, importId, { venues: { created: 2, updated: 0, skipped: 0 } }, 2);
      return { importId: String(importId), venueIds: [String(a.id), String(b.id)] };
    });
    expect((await api.delete(`/api/v3/imports/${importId}`, { token: await api.token('viewer') })).status).toBe(403);
    expect((await api.delete(`/api/v3/venues/${venueIds[0]}`)).status).toBe(204);
    const undo = await api.delete(`/api/v3/imports/${importId}`);
    expect(undo.status, undo.text).toBe(200);
    expect(await exists('venues', venueIds[1])).toBe(false);
    expect((await api.delete('/api/v3/imports/999999')).status).toBe(404);
    expect((await api.delete('/api/v3/imports/abc')).status).toBe(404);
  });

  it('lets competition staff (editors) read the history; the engine serves no create, update or plain delete of imports', async () => {
    const editor = await api.token('editor');
    expect((await api.get('/api/v3/imports', { token: editor })).status).toBe(200);
    expect((await api.post('/api/v3/imports', { data: { type: 'imports', attributes: { kind: 'clubs' } } })).status).not.toBe(201);
    expect((await api.patch('/api/v3/imports/1', { data: { type: 'imports', id: '1', attributes: { status: 'undone' } } })).status).toBe(404);
  });
});
