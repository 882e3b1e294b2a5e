import { z } from 'zod';
import { defineResource } from '../resource';
import { integer, isoDateTime, oneOf, text } from '../validators';

/** What a file may hold (issue 26); `generated_fixtures` are lists the fixture generator made. */
export const IMPORT_KINDS = ['fixtures', 'results', 'clubs', 'squads', 'players', 'generated_fixtures'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** The kinds a staff member uploads a file of (POST /api/v3/imports). */
export const FILE_IMPORT_KINDS = ['fixtures', 'results', 'clubs', 'squads', 'players'] as const;
export type FileImportKind = (typeof FILE_IMPORT_KINDS)[number];
/** `undone` is final: undo removed what the import created; the row stays as the history. */
export const IMPORT_STATUSES = ['committed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Created, updated and skipped records of one type. */
export const importCountsSchema = z.object({ created: z.number().int(), updated: z.number().int(), skipped: z.number().int() });
export type ImportCounts = z.infer<typeof importCountsSchema>;

/**
 * One import (issue 26): a file of fixtures, results, clubs, squads or players written in one
 * transaction (or a generated fixture list), with what it did. The server makes it
 * (POST /api/v3/imports, or the fixture generator) and undoes it (DELETE /api/v3/imports/{id}:
 * what it created goes, refused while later records depend on it); the engine serves the list
 * and the fetch, the history of imports.
 */
export const imports = defineResource({
  type: 'imports',
  table: 'imports',
  section: 'calendar',
  defaultSort: '-created_at',
  newestFirst: true,
  // Created by POST /api/v3/imports and undone by DELETE, both served by the capability.
  readOnly: true,
  attributes: {
    kind: { type: 'string', schema: oneOf(IMPORT_KINDS), filter: true, sort: true, list: true, example: 'fixtures' },
    status: { type: 'string', schema: oneOf(IMPORT_STATUSES), filter: true, sort: true, list: true, example: 'committed' },
    file_name: { type: 'string', schema: text(255), list: true, example: 'terminarz.xlsx' },
    format: { type: 'string', schema: oneOf(IMPORT_FORMATS), filter: true, example: 'xlsx' },
    /** Column header → field, as used. */
    mapping: { type: 'json', schema: z.record(z.string(), z.string()) },
    /** The targets chosen (competition season, stage, group, season). */
    options: { type: 'json', schema: z.record(z.string(), z.unknown()) },
    /** Per type: how many records were created, updated and skipped. */
    summary: { type: 'json', schema: z.record(z.string(), importCountsSchema), list: true },
    row_count: { type: 'integer', schema: integer(0), sort: true, list: true, example: 380 },
    created_by: { type: 'string', schema: text(120), filter: true, list: true },
    undone_at: { type: 'datetime', schema: isoDateTime(), filter: 'range', sort: true },
    undone_by: { type: 'string', schema: text(120), filter: true },
  },
  relationships: {},
});
