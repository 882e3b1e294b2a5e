import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_IMPORT_KINDS, type FileImportKind } from '@umpire/schema';
import { requireAbility } from '../jsonapi/access';
import { requestOrigin, type Config } from '../config';
import type { Database } from '../db/database';
import { ApiError, apiError, errorLanguageOf, errorSpec, renderError, type ErrorSpec } from '../jsonapi/errors';
import { modelOf } from '../jsonapi/model';
import { findRow, parseId, recordDocument } from '../jsonapi/read';
import { API_PREFIX, JSONAPI_MEDIA_TYPE, transactionalWrites, withQueryStats } from '../jsonapi/routes';
import { fromDb, nowIso, toDb } from '../db/values';
import type { ChangeBus } from '../realtime/change-bus';
import { closeBatch, createdTypesOf, openBatch, undoBatch, type BatchSummary } from './batches';
import { fieldsOf, guessMapping, mappingProblems, type MappingProblem } from './mapping';
import { IMPORT_LIMITS, parseImportFile, type ParsedFile } from './parse';
import { planImport, type ImportOptions, type Overrides, type Plan, type RowPlan, type Writer } from './plan';

export interface ImportDeps {
  config: Config;
  database: Database;
  bus: ChangeBus;
}

const OPTION_NAMES = ['competition_season_id', 'stage_id', 'group_id', 'season_id', 'squad_id'] as const;
/** The types each kind may write: the user must be allowed to create each. */
const TYPES_OF: Record<FileImportKind, string[]> = {
  fixtures: ['matches', 'rounds', 'incidents'],
  results: ['matches', 'incidents'],
  clubs: ['clubs'],
  squads: ['squads', 'teams', 'competition_season_squads'],
  players: ['players', 'squad_players'],
};
/** Row problems a refused commit lists at most (the dry run shows them all, row by row). */
const MAX_ERRORS = 1000;

interface Upload {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | null;
}

/** The form: its fields and its one file, read as it streams in and cut at the file limit. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw apiError(415, 'importFile.missing', { source: { header: 'Content-Type' } });
  const upload: Upload = { fields: {}, file: null };
  let reading = false;
  let tooLarge = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || upload.file) {
        part.file.resume();
        continue;
      }
      reading = true;
      const chunks: Buffer[] = [];
      let size = 0;
      // Read to the end even past the limit (the parser drops what is beyond it), so the
      // connection is left ready for the answer and the client's next request.
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size <= IMPORT_LIMITS.fileBytes) chunks.push(chunk as Buffer);
      }
      reading = false;
      if (size > IMPORT_LIMITS.fileBytes || part.file.truncated) tooLarge = true;
      else upload.file = { name: part.filename || 'import', bytes: Buffer.concat(chunks) };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413 || reading)
      throw apiError(413, 'importFile.tooLarge', { values: { max: IMPORT_LIMITS.fileBytes / 1024 / 1024 }, source: { parameter: 'file' }, params: { max: IMPORT_LIMITS.fileBytes } });
    throw apiError(400, 'badRequest.unreadable', { values: { reason: 'multipart/form-data' } });
  }
  if (tooLarge)
    throw apiError(413, 'importFile.tooLarge', { values: { max: IMPORT_LIMITS.fileBytes / 1024 / 1024 }, source: { parameter: 'file' }, params: { max: IMPORT_LIMITS.fileBytes } });
  return upload;
}

/** A form field holding a JSON object of strings (mapping, matches). */
function jsonObject(fields: Record<string, string>, name: string): Record<string, string> | undefined {
  const text = fields[name];
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number' || v === null))
    throw apiError(422, 'importMapping.json', { values: { parameter: name }, source: { parameter: name } });
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

function mappingError(problem: MappingProblem): ErrorSpec {
  const source = { parameter: 'mapping' };
  switch (problem.kind) {
    case 'unknownColumn':
      return errorSpec(422, 'importMapping.unknownColumn', { values: { column: problem.column }, source, params: { column: problem.column } });
    case 'unknownField':
      return errorSpec(422, 'importMapping.unknownField', { values: { column: problem.column, field: problem.field }, source, params: { column: problem.column, field: problem.field } });
    case 'duplicateField':
      return errorSpec(422, 'importMapping.duplicateField', { values: { field: problem.field }, source, params: { field: problem.field } });
    case 'missingField':
      return errorSpec(422, 'importMapping.missingField', { values: { field: problem.field }, source, params: { field: problem.field } });
  }
}

/** Runs a row's writes; what the engine refuses is named by the row (and column) it came from. */
async function applyRow(plan: RowPlan, w: Writer): Promise<void> {
  try {
    await plan.apply?.(w);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw ApiError.many(
      error.errors.map((e) => ({ ...e, source: { pointer: `/rows/${plan.row}${e.source?.pointer ?? ''}` }, params: { ...(e.params ?? {}), row: plan.row } })),
    );
  }
}

/**
 * The staff calls of imports beyond the engine's list and fetch (the history): the import itself
 * (`POST /api/v3/imports`, multipart: `file`, `kind`, `mapping`, `matches`, the targets;
 * `?dry_run=true` writes nothing and answers the report) and undo (`DELETE /api/v3/imports/{id}`,
 * answering the import, now undone).
 */
export async function registerImportRoutes(app: FastifyInstance, deps: ImportDeps): Promise<void> {
  const { config, database, bus } = deps;
  const model = modelOf('imports');
  const base = `${API_PREFIX}/${model.path}`;
  const write = transactionalWrites({ config, database, bus });

  const remembered = async (clientId: number, kind: string): Promise<Record<string, string>> => {
    const row = await database.db.selectFrom('import_mappings').select('mapping').where('client_id', '=', clientId).where('kind', '=', kind).executeTakeFirst();
    return row ? (fromDb('json', row.mapping) as Record<string, string>) : {};
  };

  /** The report of a plan, its problems in the request's language. */
  const report = (request: FastifyRequest, kind: FileImportKind, file: ParsedFile, fileName: string, mapping: Record<string, string>, plan: Plan | null, mappingErrors: ErrorSpec[]) => {
    const lang = errorLanguageOf(request);
    const rows = (plan?.rows ?? []).map((r) => ({
      row: r.row,
      action: r.action,
      type: r.type,
      record: r.record,
      changes: r.changes,
      matches: r.matches,
      warnings: r.warnings.map((w) => renderError(w, lang)),
      errors: r.errors.map((e) => renderError(e, lang)),
    }));
    const totals = { rows: rows.length, create: 0, update: 0, skip: 0, error: 0, warnings: 0, errors: 0 };
    for (const r of rows) {
      totals[r.action]++;
      totals.warnings += r.warnings.length;
      totals.errors += r.errors.length;
    }
    return {
      kind,
      file_name: fileName,
      format: file.format,
      headers: file.headers,
      mapping,
      fields: fieldsOf(kind),
      mapping_errors: mappingErrors.map((e) => renderError(e, lang)),
      totals,
      summary: plan?.summary ?? {},
      choices: plan?.choices ?? {},
      rows,
    };
  };

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_LIMITS.fileBytes + 1, files: 1, fields: 20, fieldSize: 256 * 1024, parts: 30 },
    });

    scope.post(base, async (request, reply) =>
      withQueryStats(reply, async () => {
        const auth = requireAbility(request, 'create', model.type);
        const query = request.query as Record<string, unknown>;
        for (const key of Object.keys(query)) if (key !== 'dry_run') throw apiError(400, 'badRequest.unknownParameter', { values: { parameter: key, names: 'dry_run' }, source: { parameter: key } });
        const dryRunText = query.dry_run;
        if (dryRunText !== undefined && dryRunText !== 'true' && dryRunText !== 'false')
          throw apiError(400, 'invalidFilterValue', { values: { parameter: 'dry_run', value: String(dryRunText) }, source: { parameter: 'dry_run' } });
        const dryRun = dryRunText === 'true';
        const upload = await readUpload(request);
        const kind = upload.fields.kind as FileImportKind;
        if (!(FILE_IMPORT_KINDS as readonly string[]).includes(kind))
          throw new ApiError([errorSpec(422, 'invalidEnum.oneOf', { values: { field: 'kind', values: [...FILE_IMPORT_KINDS] }, source: { parameter: 'kind' }, params: { values: [...FILE_IMPORT_KINDS] } })]);
        for (const type of TYPES_OF[kind]) requireAbility(request, 'create', type);
        if (!upload.file) throw apiError(422, 'importFile.missing', { source: { parameter: 'file' } });
        const given = jsonObject(upload.fields, 'mapping');
        const overrides: Overrides = jsonObject(upload.fields, 'matches') ?? {};
        const options: ImportOptions = {};
        const optionJson = jsonObject(upload.fields, 'options') ?? {};
        for (const name of OPTION_NAMES) {
          const value = upload.fields[name] ?? optionJson[name];
          if (value !== undefined && value !== '') options[name] = value;
        }
        const file = await parseImportFile(upload.file.bytes, upload.file.name);
        const fileName = upload.file.name.slice(0, 255);
        const mapping = given ? Object.fromEntries(Object.entries(given).filter(([, f]) => f !== '')) : guessMapping(kind, file.headers, await remembered(auth.clientId, kind));
        const problems = mappingProblems(kind, file.headers, mapping);
        // A mapping the client sent naming what the file or the kind lacks is its mistake; a field
        // left unmapped is shown in the dry run, for the user to map.
        const wrong = problems.filter((p) => given && p.kind !== 'missingField');
        if (wrong.length) throw ApiError.many(wrong.map(mappingError));
        const missing = problems.filter((p) => p.kind === 'missingField').map(mappingError);
        const ctx = { db: database.db, dialect: database.dialect, clientId: auth.clientId, apiBase: requestOrigin(request, config) + API_PREFIX };
        if (dryRun) {
          const plan = missing.length ? null : await planImport(ctx, kind, file, mapping, options, overrides);
          reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
          return { data: { type: 'import_reports', id: 'dry-run', attributes: { dry_run: true, ...report(request, kind, file, fileName, mapping, plan, missing) } } };
        }
        if (missing.length) throw ApiError.many(missing);
        const result = await write(request, auth, async (tx) => {
          // Checked again inside the transaction: what the dry run saw may have changed since.
          const plan = await planImport(tx, kind, file, mapping, options, overrides);
          const errors = plan.rows.flatMap((r) => r.errors);
          if (errors.length) throw ApiError.many(errors.slice(0, MAX_ERRORS));
          const importId = await openBatch(tx, { kind, fileName, format: file.format, mapping, options });
          const summary: BatchSummary = {};
          for (const [type, counts] of Object.entries(plan.summary)) if (TYPES_OF[kind][0] === type) summary[type] = { ...counts };
          const w: Writer = { ctx: tx, importId, created: new Map(), summary };
          for (const row of plan.rows) await applyRow(row, w);
          await closeBatch(tx, importId, summary, file.rows.length);
          const now = toDb(database.dialect, 'datetime', nowIso());
          const stored = JSON.stringify(mapping);
          const updated = await tx.db.updateTable('import_mappings').set({ mapping: stored, updated_at: now }).where('client_id', '=', auth.clientId).where('kind', '=', kind).executeTakeFirst();
          if (!Number(updated.numUpdatedRows)) await tx.db.insertInto('import_mappings').values({ client_id: auth.clientId, kind, mapping: stored, updated_at: now }).execute();
          const doc = await recordDocument(tx, model, await findRow(tx, model, String(importId)), { include: {}, fields: new Map() });
          return { doc, plan, importId };
        });
        const full = report(request, kind, file, fileName, mapping, result.plan, []);
        reply.code(201).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store').header('location', `${requestOrigin(request, config)}${base}/${result.importId}`);
        return { ...result.doc, meta: { report: { ...full, rows: undefined, choices: undefined } } };
      }),
    );
  });

  app.delete<{ Params: { id: string } }>(`${base}/:id`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'delete', model.type);
      const params = Object.keys(request.query as object);
      if (params.length) throw apiError(400, 'badRequest.deleteQuery', { source: { parameter: params[0] } });
      const doc = await write(request, auth, async (ctx) => {
        const id = parseId(model, request.params.id);
        await findRow(ctx, model, request.params.id);
        // Undo deletes what the import created: the user must be allowed to delete each of those types.
        for (const type of await createdTypesOf(ctx, id)) requireAbility(request, 'delete', type);
        await undoBatch(ctx, id);
        return recordDocument(ctx, model, await findRow(ctx, model, request.params.id), { include: {}, fields: new Map() });
      });
      return reply.code(200).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store').send(doc);
    }),
  );
}
