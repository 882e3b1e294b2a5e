import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, extensionOf, type MediaFileListDocument, type MediaKind, type MediaUsageDocument } from '@umpire/schema/media';
import { pointerSegment } from '@umpire/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { join } from 'node:path';
import { sql } from 'kysely';
import { authenticateToken } from '../../auth/authenticate';
import { requireAbility, type AuthContext } from '../../jsonapi/access';
import { requestOrigin, type Config } from '../../config';
import { isUniqueViolation, type Database } from '../../db/database';
import type { ChangeEvent } from '../../jsonapi/context';
import { ApiError, apiError, badParameter } from '../../jsonapi/errors';
import { nowIso } from '../../db/values';
import { foldForSearch } from '../../text/collation';
import type { ChangeBus } from '../../realtime/change-bus';
import type { Storage } from '../../storage/storage';
import { fileResource } from './document';
import { ingestFile, type IngestDeps } from './ingest';
import { scheduleMediaSweeps } from './orphan-sweep';
import { dropVariants } from '../images/image-service';
import { normaliseFileName, normaliseFolderName, normaliseFolderPath } from './names';
import { STORED, TABLE, ensureFolders, findByName, findFile, nameShadows, rowOf, selectFiles, type MediaFileRow } from './repository';
import { serveContent } from './content';
import { deleteHolders, usagesOf } from './usages';

const JSONAPI = 'application/vnd.api+json';
const SUBJECT = 'files';
const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;
const KINDS: readonly MediaKind[] = ['folder', 'image', 'video', 'document'];
/** Sort keys of a folder listing; folders always come before files. */
const SORTS: Record<string, string> = { name: 'name_sort', created_at: 'created_at', updated_at: 'updated_at', size: 'size', kind: 'kind' };

export interface MediaFileRouteDeps {
  config: Config;
  database: Database;
  bus: ChangeBus;
  storage: Storage;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePrefix = (prefix: string) => sql<boolean>`path like ${`${escapeLike(prefix)}%`} escape '\\'`;

function parseId(raw: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw apiError(404, 'notFound.record', { values: { type: 'files', id: JSON.stringify(raw) } });
  return Number(raw);
}

/** The media library API v1 (spec §7, §9; contract in packages/schema/src/media.ts). */
export async function registerMediaFileRoutes(app: FastifyInstance, deps: MediaFileRouteDeps): Promise<void> {
  const { config, database, storage } = deps;
  const ingestDeps: IngestDeps = { database, storage, stagingDir: join(config.dataDir, 'staging') };
  const origin = (request: FastifyRequest) => requestOrigin(request, config);
  scheduleMediaSweeps(app, { database, storage, stagingDir: ingestDeps.stagingDir });

  async function fileOr404(auth: AuthContext, rawId: string): Promise<MediaFileRow> {
    const row = await findFile(database.db, auth.clientId, parseId(rawId));
    if (!row) throw apiError(404, 'notFound.record', { values: { type: 'files', id: JSON.stringify(rawId) } });
    return row;
  }

  async function childrenCounts(clientId: number, folders: MediaFileRow[]): Promise<Map<string, number>> {
    const paths = folders.map((f) => f.path + f.name);
    if (!paths.length) return new Map();
    const rows = await database.db
      .selectFrom(TABLE)
      .select(['path', (eb) => eb.fn.countAll().as('n')])
      .where('client_id', '=', clientId)
      .where('state', '=', STORED)
      .where('path', 'in', paths)
      .groupBy('path')
      .execute();
    return new Map(rows.map((r) => [String(r.path), Number(r.n)]));
  }

  async function document(request: FastifyRequest, auth: AuthContext, row: MediaFileRow) {
    const counts = row.kind === 'folder' ? await childrenCounts(auth.clientId, [row]) : new Map<string, number>();
    return { data: fileResource(row, origin(request), counts.get(row.path + row.name) ?? 0) };
  }

  /** The folder must exist (the root always does). */
  async function requireFolder(clientId: number, path: string, where: { parameter: string } | { pointer: string }) {
    if (path === '/') return;
    const parent = path.slice(0, path.slice(0, -1).lastIndexOf('/') + 1);
    const name = path.slice(parent.length);
    if (!(await findByName(database.db, clientId, parent, name)))
      throw apiError(404, 'invalidFolderPath.missing', { values: { path }, source: where });
  }

  await app.register(async (scope) => {
    // Multipart only here: the rest of the API takes JSON. Parts stream; the ingest enforces each kind's limit.
    await scope.register(multipart, {
      limits: { fileSize: Math.max(...Object.values(MAX_UPLOAD_BYTES)) + 1, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20 },
    });

    scope.get('/media/v1/uploads/files', async (request, reply) => {
      const auth = requireAbility(request, 'read', SUBJECT);
      const query = request.query as Record<string, string | string[] | undefined>;
      const single = (name: string): string | undefined => {
        const value = query[name];
        if (Array.isArray(value)) throw apiError(400, 'badRequest.repeatedParameter', { values: { parameter: name }, source: { parameter: name } });
        return value;
      };
      for (const key of Object.keys(query))
        if (key.startsWith('filter[') && !['filter[q]', 'filter[kind]'].includes(key))
          throw badParameter(key, 'unknownFilter.field', { type: 'files', name: key.slice(7, -1) });
      const path = normaliseFolderPath(single('path') ?? '/');
      if (path === null) throw apiError(400, 'invalidFolderPath', { values: { field: 'path' }, source: { parameter: 'path' } });
      await requireFolder(auth.clientId, path, { parameter: 'path' });
      const number = pageParam(single('page[number]'), 'page[number]', 1, 1_000_000) ?? 1;
      const size = pageParam(single('page[size]'), 'page[size]', 1, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE;
      const sortParam = single('sort') ?? 'name';
      const descending = sortParam.startsWith('-');
      const sortColumn = SORTS[descending ? sortParam.slice(1) : sortParam];
      if (!sortColumn) throw badParameter('sort', 'unknownSort.field', { type: 'files', name: sortParam });
      const kinds = single('filter[kind]')?.split(',').map((k) => k.trim()).filter(Boolean) ?? [];
      for (const kind of kinds) if (!KINDS.includes(kind as MediaKind)) throw badParameter('filter[kind]', 'invalidFilterValue', { parameter: 'filter[kind]', value: kind });
      const words = foldForSearch(single('filter[q]') ?? '').split(' ').filter(Boolean).slice(0, 10);

      // A search looks in the folder and everything under it; a plain listing shows the folder itself.
      let base = selectFiles(database.db, auth.clientId);
      base = words.length ? base.where(likePrefix(path)) : base.where('path', '=', path);
      if (kinds.length) base = base.where('kind', 'in', kinds);
      for (const word of words) base = base.where(sql<boolean>`search_text like ${`%${escapeLike(word)}%`} escape '\\'`);
      const total = Number(
        (await base.clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst() as { n: number | string } | undefined)?.n ?? 0,
      );
      const direction = descending ? 'desc' : 'asc';
      const rows = (
        await base
          .orderBy(sql`case when kind = 'folder' then 0 else 1 end`)
          .orderBy(sortColumn, direction)
          .orderBy('id', direction)
          .limit(size)
          .offset((number - 1) * size)
          .execute()
      ).map(rowOf);
      const counts = await childrenCounts(auth.clientId, rows.filter((r) => r.kind === 'folder'));
      const pages = Math.max(1, Math.ceil(total / size));
      const self = new URL(request.url, origin(request));
      // Serialised through URLSearchParams, so `[` and `]` are escaped and the links are valid URIs.
      self.search = self.searchParams.toString();
      const pageLink = (n: number) => {
        const url = new URL(self);
        url.searchParams.set('page[number]', String(n));
        url.searchParams.set('page[size]', String(size));
        return url.toString();
      };
      const body: MediaFileListDocument = {
        data: rows.map((row) => fileResource(row, origin(request), counts.get(row.path + row.name) ?? 0)),
        meta: { total, pages, path },
        links: {
          self: self.toString(),
          first: pageLink(1),
          prev: number > 1 ? pageLink(number - 1) : null,
          next: number < pages ? pageLink(number + 1) : null,
          last: pageLink(pages),
        },
      };
      reply.type(JSONAPI);
      return body;
    });

    scope.post('/media/v1/uploads/files', async (request, reply) => {
      const auth = requireAbility(request, 'create', SUBJECT);
      if (!request.isMultipart()) throw apiError(415, 'unsupportedMediaType', { source: { header: 'Content-Type' } });
      let path = (request.query as { path?: string }).path ?? '/';
      let row: MediaFileRow | null = null;
      let ingesting = false;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'path' && typeof part.value === 'string') path = part.value;
            continue;
          }
          if (part.fieldname !== 'file' || row) {
            part.file.resume();
            continue;
          }
          ingesting = true;
          row = await ingestFile(ingestDeps, { clientId: auth.clientId, username: auth.username, folderPath: path, fileName: part.filename, body: part.file });
          ingesting = false;
        }
      } catch (error) {
        // A body that is no multipart form (no boundary, a cut header) fails in the parser, not in
        // the ingest (which answers its own errors): the client's mistake, not ours.
        if (ingesting || error instanceof ApiError || (error as { statusCode?: number }).statusCode) throw error;
        throw apiError(400, 'badRequest.unreadable', { values: { reason: 'multipart/form-data' } });
      }
      if (!row) throw apiError(400, 'uploadFailed.noFile', { source: { parameter: 'file' } });
      const doc = await document(request, auth, row);
      reply.code(201).type(JSONAPI).header('location', doc.data.links.self);
      return doc;
    });

    scope.post('/media/v1/files/create_subdirectory', async (request, reply) => {
      const auth = requireAbility(request, 'create', SUBJECT);
      const body = (request.body ?? {}) as { path?: unknown; name?: unknown; data?: { attributes?: { path?: unknown; name?: unknown } } };
      const input = body.data?.attributes ?? body;
      const pointer = body.data ? '/data/attributes' : '';
      const path = normaliseFolderPath(typeof input.path === 'string' ? input.path : '/');
      if (path === null) throw apiError(422, 'invalidFolderPath', { values: { field: 'path' }, source: { pointer: `${pointer}/path` } });
      const bare = typeof input.name === 'string' ? normaliseFolderName(input.name) : null;
      if (bare === null) throw apiError(422, 'invalidFileName', { values: { field: 'name' }, source: { pointer: `${pointer}/name` } });
      const name = `${bare}/`;
      await ensureFolders(database, auth.clientId, path, auth.username);
      const now = nowIso();
      try {
        const raw = await database.db
          .insertInto(TABLE)
          .values({
            client_id: auth.clientId, path, name, kind: 'folder', state: STORED, created_by: auth.username, created_at: now, updated_at: now,
            ...(await nameShadows(database, auth.clientId, name)),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const row = (await findFile(database.db, auth.clientId, Number(raw.id)))!;
        const doc = await document(request, auth, row);
        reply.code(201).type(JSONAPI).header('location', doc.data.links.self);
        return doc;
      } catch (error) {
        if (isUniqueViolation(error)) throw apiError(409, 'fileNameTaken', { values: { name, path }, source: { pointer: `${pointer}/name` } });
        throw error;
      }
    });

    scope.get<{ Params: { id: string } }>('/media/v1/uploads/files/:id', async (request, reply) => {
      const auth = requireAbility(request, 'read', SUBJECT);
      const row = await fileOr404(auth, request.params.id);
      reply.type(JSONAPI);
      return document(request, auth, row);
    });

    scope.patch<{ Params: { id: string } }>('/media/v1/uploads/files/:id', async (request, reply) => {
      const auth = requireAbility(request, 'update', SUBJECT);
      const row = await fileOr404(auth, request.params.id);
      const body = (request.body ?? {}) as { data?: { type?: unknown; id?: unknown; attributes?: Record<string, unknown> } };
      if (body.data?.type !== undefined && body.data.type !== 'files')
        throw apiError(409, 'conflict.typeMustBe', { values: { expected: 'files' }, source: { pointer: '/data/type' } });
      if (body.data?.id !== undefined && String(body.data.id) !== String(row.id))
        throw apiError(409, 'conflict.id', { values: { given: JSON.stringify(body.data.id) }, source: { pointer: '/data/id' } });
      const attributes = body.data?.attributes ?? {};
      for (const key of Object.keys(attributes))
        if (!['name', 'path', 'alt_text'].includes(key))
          throw apiError(422, 'readOnly', { values: { field: key }, source: { pointer: `/data/attributes/${pointerSegment(key)}` } });
      const folder = row.kind === 'folder';
      let name = row.name;
      if (attributes.name !== undefined) {
        const given = typeof attributes.name === 'string' ? (folder ? normaliseFolderName(attributes.name) : normaliseFileName(attributes.name)) : null;
        if (given === null) throw apiError(422, 'invalidFileName', { values: { field: 'name' }, source: { pointer: '/data/attributes/name' } });
        name = folder ? `${given}/` : given;
        // The extension was checked against the content: a rename keeps it.
        if (!folder && extensionOf(name) !== extensionOf(row.name))
          throw apiError(415, 'wrongFileType', { values: { extensions: extensionOf(row.name) }, source: { pointer: '/data/attributes/name' } });
      }
      let path = row.path;
      if (attributes.path !== undefined) {
        const given = typeof attributes.path === 'string' ? normaliseFolderPath(attributes.path) : null;
        if (given === null) throw apiError(422, 'invalidFolderPath', { values: { field: 'path' }, source: { pointer: '/data/attributes/path' } });
        path = given;
        await requireFolder(auth.clientId, path, { pointer: '/data/attributes/path' });
      }
      const oldFull = row.path + row.name;
      if (folder && path.startsWith(oldFull))
        throw apiError(422, 'invalidFolderPath.intoItself', { values: { path }, source: { pointer: '/data/attributes/path' } });
      let altText = row.alt_text;
      if (attributes.alt_text !== undefined) {
        if (attributes.alt_text !== null && (typeof attributes.alt_text !== 'string' || attributes.alt_text.length > 1000))
          throw apiError(422, 'maxLength.bound', { values: { field: 'alt_text', max: 1000 }, source: { pointer: '/data/attributes/alt_text' } });
        altText = attributes.alt_text === null || attributes.alt_text.trim() === '' ? null : attributes.alt_text.trim();
      }
      const moved = name !== row.name || path !== row.path;
      // Read before the transaction: SQLite has one connection, which the transaction holds.
      const shadows = moved ? await nameShadows(database, auth.clientId, name) : {};
      try {
        await database.db.transaction().execute(async (trx) => {
          await trx
            .updateTable(TABLE)
            .set({ name, path, alt_text: altText, updated_at: nowIso(), ...shadows })
            .where('id', '=', row.id)
            .where('client_id', '=', auth.clientId)
            .execute();
          // A folder's content follows it: every path under the old one is rewritten.
          if (folder && moved)
            await trx
              .updateTable(TABLE)
              .set({ path: sql`${path + name} || substr(path, ${oldFull.length + 1})` })
              .where('client_id', '=', auth.clientId)
              .where(likePrefix(oldFull))
              .execute();
        });
      } catch (error) {
        // A new name clashes at the name; a move under the old name clashes at the target folder.
        if (isUniqueViolation(error))
          throw apiError(409, 'fileNameTaken', { values: { name: name.replace(/\/$/, ''), path }, source: { pointer: name !== row.name ? '/data/attributes/name' : '/data/attributes/path' } });
        throw error;
      }
      reply.type(JSONAPI);
      return document(request, auth, (await findFile(database.db, auth.clientId, row.id))!);
    });

    scope.delete<{ Params: { id: string }; Querystring: { force?: string } }>('/media/v1/uploads/files/:id', async (request, reply) => {
      const auth = requireAbility(request, 'delete', SUBJECT);
      const row = await fileOr404(auth, request.params.id);
      const force = request.query.force === 'true';
      const folder = row.kind === 'folder';
      const full = row.path + row.name;
      const content = folder
        ? (await database.db.selectFrom(TABLE).select(['id', 'kind', 'storage_key']).where('client_id', '=', auth.clientId).where(likePrefix(full)).execute())
        : [];
      if (folder && content.length && !force)
        throw apiError(409, 'folderNotEmpty', { values: { path: full, count: content.length }, params: { count: content.length } });
      const files = folder ? content.filter((r) => r.kind !== 'folder') : [{ id: row.id, storage_key: row.storage_key }];
      const fileIds = files.map((r) => Number(r.id));
      const usages = await usagesOf(database.db, auth.clientId, fileIds);
      if (usages.length && !force) {
        const uses = usages.slice(0, 5).map((u) => `${u.type} ${u.id} (${u.field})`).join(', ') + (usages.length > 5 ? ', …' : '');
        throw apiError(409, 'fileInUse', { values: { count: usages.length, uses }, params: { usages } });
      }
      const events: ChangeEvent[] = [];
      await database.db.transaction().execute(async (trx) => {
        await deleteHolders(
          { db: trx, dialect: database.dialect, clientId: auth.clientId, actor: auth.username, apiBase: origin(request) + '/api/v3', events },
          fileIds,
        );
        if (folder) await trx.deleteFrom(TABLE).where('client_id', '=', auth.clientId).where(likePrefix(full)).execute();
        await trx.deleteFrom(TABLE).where('client_id', '=', auth.clientId).where('id', '=', row.id).execute();
      });
      await deps.bus.publish(events);
      // The rows are gone: the bytes follow. A failure here leaves an orphan object, never a listed file without bytes.
      for (const file of files) {
        if (!file.storage_key) continue;
        await storage.delete(String(file.storage_key)).catch((err: unknown) => request.log.warn({ err }, 'media: object left behind'));
        await dropVariants(config.images.cacheDir, String(file.storage_key)).catch((err: unknown) => request.log.warn({ err }, 'media: variants left behind'));
      }
      return reply.code(204).send();
    });

    scope.get<{ Params: { id: string } }>('/media/v1/uploads/files/:id/usages', async (request, reply) => {
      const auth = requireAbility(request, 'read', SUBJECT);
      const row = await fileOr404(auth, request.params.id);
      const ids =
        row.kind === 'folder'
          ? (await selectFiles(database.db, auth.clientId).where(likePrefix(row.path + row.name)).where('kind', '!=', 'folder').execute()).map((r) => Number(r.id))
          : [row.id];
      const body: MediaUsageDocument = { data: await usagesOf(database.db, auth.clientId, ids) };
      // Usages ({ type, id, field, title }) are not JSON:API resource objects: plain JSON, as
      // GET /api/v3/images/{id}/usages answers too.
      reply.type('application/json');
      return body;
    });

    scope.get<{ Params: { id: string }; Querystring: { token?: string } }>('/media/v1/uploads/files/:id/content', async (request, reply) => {
      // <video src>, <iframe src> and downloads cannot send a header: the token may come in the
      // address (redacted from logs, see app.ts), for this read-only route alone.
      if (!request.auth && request.query.token) {
        const result = await authenticateToken(request.query.token, 'query', config, database);
        if ('error' in result) request.authError = result.error;
        else request.auth = result;
      }
      const auth = requireAbility(request, 'read', SUBJECT);
      const row = await fileOr404(auth, request.params.id);
      if (row.kind === 'folder' || !row.storage_key) throw apiError(404, 'notFound.record', { values: { type: 'files', id: JSON.stringify(request.params.id) } });
      return serveContent(request, reply, storage, row);
    });
  });
}

function pageParam(raw: string | undefined, parameter: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) throw badParameter(parameter, 'invalidPage.range', { parameter, max });
  return n;
}
