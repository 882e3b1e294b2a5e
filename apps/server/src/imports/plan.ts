import type { FileImportKind } from '@umpire/schema';
import type { WriteContext } from '../jsonapi/context';
import { ApiError, errorSpec, type ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import type { ReadContext } from '../jsonapi/read';
import { fromDb } from '../db/values';
import { createRecord, updateRecord } from '../jsonapi/write';
import { recordCreated, recordUpdated, type BatchSummary } from './batches';
import type { ParsedFile } from './parse';
import { foldName, Matcher, type Candidate, type MatchResult } from './matching';
import { parseCountry, parseDate, parseInteger, parsePosition, parseScore, parseTime, schemaProblem, timeOfDateTime, warsawInstant } from './values';

/** The targets of an import: where fixtures go (a competition season's stage and group), which season squads belong to. */
export interface ImportOptions {
  competition_season_id?: string;
  stage_id?: string;
  group_id?: string;
  season_id?: string;
  squad_id?: string;
}

/** A cell naming a record, with what it matched and the records the user may choose instead. */
export interface CellMatch {
  column: string;
  type: string;
  value: string;
  status: MatchResult['status'] | 'chosen' | 'new';
  record: { id: string; label: string } | null;
  candidates: { id: string; label: string }[];
}

export interface RowPlan {
  row: number;
  action: 'create' | 'update' | 'skip' | 'error';
  type: string;
  record: { id: string | null; label: string };
  /** What will be written (field → new value). */
  changes: Record<string, unknown>;
  matches: CellMatch[];
  warnings: ErrorSpec[];
  errors: ErrorSpec[];
  /** The writes of the row, run in order at commit. */
  apply?: (w: Writer) => Promise<void>;
}

export interface Plan {
  rows: RowPlan[];
  summary: BatchSummary;
  /** Per type, the records a name may be set to (the user's autocomplete), at most CHOICES of each. */
  choices: Record<string, { id: string; label: string }[]>;
}

const CHOICES = 500;
const choicesOf = (matchers: Record<string, Matcher>) =>
  Object.fromEntries(Object.entries(matchers).map(([type, m]) => [type, m.candidates.slice(0, CHOICES).map((c) => ({ id: c.id, label: c.label }))]));

/** What a commit's rows share: the transaction, the batch, and records earlier rows created (a round). */
export interface Writer {
  ctx: WriteContext;
  importId: number;
  created: Map<string, string>;
  summary: BatchSummary;
}

/** `{ "row:column": id | "new" }`: the user's own choices of the records cells name. */
export type Overrides = Record<string, string>;

const ID = /^[1-9]\d{0,14}$/;

interface RowInput {
  number: number;
  get(field: string): string;
  column(field: string): string;
}

function rowsOf(file: ParsedFile, mapping: Record<string, string>): RowInput[] {
  const byField = new Map<string, { column: string; index: number }>();
  for (const [column, field] of Object.entries(mapping)) {
    const index = file.headers.indexOf(column);
    if (field && index >= 0) byField.set(field, { column, index });
  }
  return file.rows.map((r) => ({
    number: r.number,
    get: (field) => {
      const at = byField.get(field);
      return at ? (r.cells[at.index] ?? '').trim() : '';
    },
    column: (field) => byField.get(field)?.column ?? field,
  }));
}

const count = (summary: BatchSummary, type: string, what: 'created' | 'updated' | 'skipped') => {
  summary[type] ??= { created: 0, updated: 0, skipped: 0 };
  summary[type][what]++;
};

/** A row's problem about one of its cells. */
function cellError(row: RowInput, field: string, id: 'importInvalidValue' | `importInvalidValue.${'date' | 'time' | 'score' | 'integer' | 'position' | 'country'}`, value: string): ErrorSpec {
  const column = row.column(field);
  return errorSpec(422, id, { values: { row: row.number, column, value }, source: { pointer: `/rows/${row.number}/${column}` }, params: { row: row.number, column, value } });
}

function missing(row: RowInput, field: string): ErrorSpec {
  const column = row.column(field);
  return errorSpec(422, 'importMissingValue', { values: { row: row.number, column }, source: { pointer: `/rows/${row.number}/${column}` }, params: { row: row.number, column } });
}

/** An attribute's own validation (length, format) as a problem of the row's cell. */
function attributeError(row: RowInput, field: string, attribute: string, def: Parameters<typeof schemaProblem>[0], value: unknown): ErrorSpec | null {
  const problem = schemaProblem(def, value);
  if (!problem) return null;
  const column = row.column(field);
  const spec = fieldError(`/rows/${row.number}/${column}`, column, problem.key as Parameters<typeof fieldError>[2], problem.params);
  return { ...spec, params: { ...(spec.params ?? {}), row: row.number, column, attribute } };
}

/**
 * A cell naming a record: matched (or chosen by the user), with its candidates; an unknown or
 * ambiguous name is an error unless the kind may create the record (`canCreate`).
 */
function resolve(row: RowInput, field: string, type: string, matcher: Matcher, overrides: Overrides, plan: RowPlan, canCreate = false): Candidate | 'new' | null {
  const value = row.get(field);
  const column = row.column(field);
  const result = matcher.match(value);
  const cell: CellMatch = {
    column,
    type,
    value,
    status: result.status,
    record: result.match ? { id: result.match.id, label: result.match.label } : null,
    candidates: result.candidates.map((c) => ({ id: c.id, label: c.label })),
  };
  plan.matches.push(cell);
  const params = { row: row.number, column, value };
  const source = { pointer: `/rows/${row.number}/${column}` };
  const chosen = overrides[`${row.number}:${column}`];
  if (chosen !== undefined) {
    if (chosen === 'new' && canCreate) {
      cell.status = 'new';
      cell.record = null;
      return 'new';
    }
    const picked = ID.test(chosen) ? matcher.byId(chosen) : undefined;
    if (picked) {
      cell.status = 'chosen';
      cell.record = { id: picked.id, label: picked.label };
      if (!cell.candidates.some((c) => c.id === picked.id)) cell.candidates.unshift({ id: picked.id, label: picked.label });
      return picked;
    }
    plan.errors.push(errorSpec(422, 'importNoMatch', { values: { row: row.number, column, value: chosen, type }, source, params: { ...params, value: chosen, type } }));
    return null;
  }
  if (result.status === 'exact') return result.match;
  if (result.status === 'fuzzy' && result.match) {
    plan.warnings.push(errorSpec(200, 'importFuzzyMatch', { values: { row: row.number, column, value, match: result.match.label }, source, params: { ...params, match: result.match.label, id: result.match.id } }));
    return result.match;
  }
  if (canCreate && result.status === 'none') {
    cell.status = 'new';
    return 'new';
  }
  if (result.status === 'ambiguous')
    plan.errors.push(errorSpec(422, 'importAmbiguousMatch', { values: { row: row.number, column, value, count: result.candidates.length }, source, params: { ...params, count: result.candidates.length } }));
  else plan.errors.push(errorSpec(422, 'importNoMatch', { values: { row: row.number, column, value, type }, source, params: { ...params, type } }));
  return null;
}

const newPlan = (row: RowInput, type: string): RowPlan => ({ row: row.number, action: 'skip', type, record: { id: null, label: '' }, changes: {}, matches: [], warnings: [], errors: [] });

const rel = (type: string, id: string | number | null | undefined) => ({ data: id === null || id === undefined ? null : { type, id: String(id) } });

/** A target option that must name a record of the client. */
async function target(ctx: ReadContext, table: string, id: string | undefined, parameter: string, type: string) {
  if (id === undefined) return undefined;
  const row = ID.test(id) ? await ctx.db.selectFrom(table).selectAll().where('id', '=', Number(id)).where('client_id', '=', ctx.clientId).executeTakeFirst() : undefined;
  if (!row) throw new ApiError([errorSpec(422, 'importTarget', { values: { parameter, type }, source: { parameter } })]);
  return row;
}

const needTarget = (parameter: string, type: string) => new ApiError([errorSpec(422, 'importTarget', { values: { parameter, type }, source: { parameter } })]);

/** Squads as candidates: their names and their team's and club's, so "Legia" or "LEG" finds "Legia Warszawa 2025/26". */
async function squadCandidates(ctx: ReadContext, where: { competitionSeasonId?: number; seasonId?: number }): Promise<Candidate[]> {
  let q = ctx.db
    .selectFrom('squads')
    .innerJoin('teams', 'teams.id', 'squads.team_id')
    .innerJoin('clubs', 'clubs.id', 'teams.club_id')
    .select(['squads.id as id', 'squads.name as name', 'teams.name as team', 'teams.short_name as team_short', 'clubs.name as club', 'clubs.short_name as club_short', 'clubs.code as code'])
    .where('squads.client_id', '=', ctx.clientId);
  if (where.competitionSeasonId !== undefined)
    q = q.where('squads.id', 'in', ctx.db.selectFrom('competition_season_squads').select('squad_id').where('competition_season_id', '=', where.competitionSeasonId).where('client_id', '=', ctx.clientId));
  if (where.seasonId !== undefined) q = q.where('squads.season_id', '=', where.seasonId);
  const rows = await q.orderBy('squads.id').execute();
  return rows.map((r) => ({
    id: String(r.id),
    label: String(r.name),
    keys: [r.name, r.team, r.team_short, r.club, r.club_short, r.code].filter((k): k is string => typeof k === 'string' && k !== ''),
  }));
}

async function venueCandidates(ctx: ReadContext): Promise<Candidate[]> {
  const rows = await ctx.db.selectFrom('venues').select(['id', 'name', 'city']).where('client_id', '=', ctx.clientId).orderBy('id').execute();
  return rows.map((r) => ({ id: String(r.id), label: `${String(r.name)} (${String(r.city)})`, keys: [String(r.name)] }));
}

async function clubCandidates(ctx: ReadContext): Promise<(Candidate & { row: Record<string, unknown> })[]> {
  const rows = await ctx.db.selectFrom('clubs').selectAll().where('client_id', '=', ctx.clientId).orderBy('id').execute();
  return rows.map((r) => ({ id: String(r.id), label: String(r.name), keys: [r.name, r.short_name, r.code].filter((k): k is string => typeof k === 'string' && k !== ''), row: r }));
}

// Fixtures and results ------------------------------------------------------------------------

interface MatchRow {
  id: string;
  round_id: number;
  round_number: number;
  home: string;
  away: string;
  kickoff_at: string;
  venue_id: string | null;
  status: string;
  home_score: number | null;
  away_score: number | null;
}

/** The local (Warsaw) date and time of an instant. */
function warsawParts(iso: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

async function planMatches(ctx: ReadContext, kind: 'fixtures' | 'results', rows: RowInput[], options: ImportOptions, overrides: Overrides): Promise<Plan> {
  const cs = await target(ctx, 'competition_seasons', options.competition_season_id, 'competition_season_id', 'competition_seasons');
  let stage = await target(ctx, 'stages', options.stage_id, 'stage_id', 'stages');
  if (stage && cs && Number(stage.competition_season_id) !== Number(cs.id)) throw needTarget('stage_id', 'stages');
  if (!stage && cs)
    stage = await ctx.db.selectFrom('stages').selectAll().where('competition_season_id', '=', Number(cs.id)).where('client_id', '=', ctx.clientId).orderBy('display_order').orderBy('id').executeTakeFirst();
  if (!stage) throw needTarget(cs ? 'stage_id' : 'competition_season_id', cs ? 'stages' : 'competition_seasons');
  const csId = Number(cs?.id ?? stage.competition_season_id);
  const group = await target(ctx, 'groups', options.group_id, 'group_id', 'groups');
  if (group && Number(group.stage_id) !== Number(stage.id)) throw needTarget('group_id', 'groups');
  const season = await ctx.db.selectFrom('competition_seasons').select('season_id').where('id', '=', csId).where('client_id', '=', ctx.clientId).executeTakeFirstOrThrow();
  let squadList = await squadCandidates(ctx, { competitionSeasonId: csId });
  if (!squadList.length) squadList = await squadCandidates(ctx, { seasonId: Number(season.season_id) });
  const squads = new Matcher(squadList);
  const venues = new Matcher(await venueCandidates(ctx));
  const stageId = Number(stage.id);
  const rounds = await ctx.db.selectFrom('rounds').select(['id', 'number', 'name']).where('stage_id', '=', stageId).where('client_id', '=', ctx.clientId).execute();
  const roundByNumber = new Map(rounds.map((r) => [Number(r.number), String(r.id)]));
  const existing = (await ctx.db
    .selectFrom('matches')
    .innerJoin('rounds', 'rounds.id', 'matches.round_id')
    .select(['matches.id as id', 'matches.round_id as round_id', 'rounds.number as round_number', 'matches.home_squad_id as home', 'matches.away_squad_id as away', 'matches.kickoff_at as kickoff_at', 'matches.venue_id as venue_id', 'matches.status as status', 'matches.home_score as home_score', 'matches.away_score as away_score'])
    .where('rounds.stage_id', '=', stageId)
    .where('matches.client_id', '=', ctx.clientId)
    .execute()).map((m) => ({
    id: String(m.id),
    round_id: Number(m.round_id),
    round_number: Number(m.round_number),
    home: String(m.home),
    away: String(m.away),
    kickoff_at: String(fromDb('datetime', m.kickoff_at)),
    venue_id: m.venue_id == null ? null : String(m.venue_id),
    status: String(m.status),
    home_score: m.home_score == null ? null : Number(m.home_score),
    away_score: m.away_score == null ? null : Number(m.away_score),
  })) as MatchRow[];
  const byPair = new Map<string, MatchRow[]>();
  for (const m of existing) byPair.set(`${m.home}-${m.away}`, [...(byPair.get(`${m.home}-${m.away}`) ?? []), m]);

  const summary: BatchSummary = {};
  const seen = new Map<string, number>();
  const newRounds = new Map<number, { name: string; dates: string[] }>();
  const roundsNeeded = new Set<number>();
  let incidentCount = 0;
  const out: RowPlan[] = [];
  for (const row of rows) {
    const plan = newPlan(row, 'matches');
    out.push(plan);
    // Round
    const roundText = row.get('round');
    let roundNumber: number | null = null;
    if (roundText) {
      const n = /\d{1,3}/.exec(roundText);
      roundNumber = n ? parseInteger(n[0], 0, 500) : null;
      if (roundNumber === null) plan.errors.push(cellError(row, 'round', 'importInvalidValue', roundText));
    } else if (kind === 'fixtures') plan.errors.push(missing(row, 'round'));
    // Date and time
    const dateText = row.get('date');
    const date = dateText ? parseDate(dateText) : null;
    if (dateText && !date) plan.errors.push(cellError(row, 'date', 'importInvalidValue.date', dateText));
    if (!dateText && kind === 'fixtures') plan.errors.push(missing(row, 'date'));
    const timeText = row.get('time');
    let time = timeText ? parseTime(timeText) ?? timeOfDateTime(timeText) : dateText ? timeOfDateTime(dateText) : null;
    if (timeText && !time) plan.errors.push(cellError(row, 'time', 'importInvalidValue.time', timeText));
    // Teams
    const home = row.get('home') ? resolve(row, 'home', 'squads', squads, overrides, plan) : (plan.errors.push(missing(row, 'home')), null);
    const away = row.get('away') ? resolve(row, 'away', 'squads', squads, overrides, plan) : (plan.errors.push(missing(row, 'away')), null);
    if (home && away && home !== 'new' && away !== 'new' && home.id === away.id) plan.errors.push(cellError(row, 'away', 'importInvalidValue', row.get('away')));
    const venue = row.get('venue') ? resolve(row, 'venue', 'venues', venues, overrides, plan) : null;
    // Score
    let score: [number, number] | null = null;
    const scoreText = row.get('score');
    if (scoreText) {
      score = parseScore(scoreText);
      if (!score) plan.errors.push(cellError(row, 'score', 'importInvalidValue.score', scoreText));
    } else if (row.get('home_goals') || row.get('away_goals')) {
      const h = parseInteger(row.get('home_goals'), 0, 99);
      const a = parseInteger(row.get('away_goals'), 0, 99);
      if (h === null) plan.errors.push(cellError(row, 'home_goals', 'importInvalidValue.score', row.get('home_goals')));
      if (a === null) plan.errors.push(cellError(row, 'away_goals', 'importInvalidValue.score', row.get('away_goals')));
      if (h !== null && a !== null) score = [h, a];
    } else if (kind === 'results') plan.errors.push(missing(row, row.column('score') === 'score' ? 'home_goals' : 'score'));
    if (!home || !away || home === 'new' || away === 'new') {
      plan.action = 'error';
      continue;
    }
    plan.record.label = `${home.label} – ${away.label}`;
    // The same pairing twice in the file.
    const key = `${home.id}-${away.id}-${roundNumber ?? date}`;
    if (seen.has(key))
      plan.errors.push(errorSpec(422, 'importDuplicateRow', { values: { row: row.number, other: seen.get(key)! }, source: { pointer: `/rows/${row.number}` }, params: { row: row.number, other: seen.get(key) } }));
    else seen.set(key, row.number);
    // An existing match: same teams, same round (or the same day).
    const match = (byPair.get(`${home.id}-${away.id}`) ?? []).find(
      (m) => (roundNumber !== null && m.round_number === roundNumber) || (date !== null && warsawParts(m.kickoff_at).date === date),
    );
    if (match) plan.record.id = match.id;
    if (kind === 'results' && !match)
      plan.errors.push(errorSpec(422, 'importNoMatch', { values: { row: row.number, column: row.column('home'), value: plan.record.label, type: 'matches' }, source: { pointer: `/rows/${row.number}` }, params: { row: row.number, column: row.column('home'), value: plan.record.label, type: 'matches' } }));
    if (!time && date && !match && kind === 'fixtures') {
      time = '00:00';
      plan.warnings.push({ ...missing(row, 'time'), status: 200 });
    }
    const kickoff = date ? warsawInstant(date, time ?? (match ? warsawParts(match.kickoff_at).time : '00:00')) : null;
    // What changes.
    const attributes: Record<string, unknown> = {};
    const relationships: Record<string, unknown> = {};
    if (kind === 'fixtures') {
      if (kickoff && (!match || Date.parse(match.kickoff_at) !== Date.parse(kickoff))) attributes.kickoff_at = kickoff;
      const venueId = venue && venue !== 'new' ? venue.id : null;
      if (venueId && venueId !== match?.venue_id) relationships.venue = rel('venues', venueId);
      if (match && roundNumber !== null && match.round_number !== roundNumber) plan.changes.round = roundNumber;
    }
    let writeScore = false;
    if (score) {
      if (match && match.status !== 'not_started') {
        const current = match.home_score === null ? null : `${match.home_score}:${match.away_score}`;
        if (current !== `${score[0]}:${score[1]}` || match.status !== 'finished')
          plan.errors.push(errorSpec(422, 'importScoreConflict', { values: { row: row.number, score: `${score[0]}:${score[1]}`, current: current ?? '–' }, source: { pointer: `/rows/${row.number}/${row.column(scoreText ? 'score' : 'home_goals')}` }, params: { row: row.number, score: `${score[0]}:${score[1]}`, current } }));
      } else writeScore = true;
    }
    Object.assign(plan.changes, attributes, venue && venue !== 'new' && relationships.venue ? { venue: venue.label } : {}, writeScore && score ? { score: `${score[0]}:${score[1]}` } : {});
    const needsRound = roundNumber !== null && !roundByNumber.has(roundNumber) && (!match || plan.changes.round !== undefined);
    if (needsRound && roundNumber !== null) {
      const r = newRounds.get(roundNumber) ?? { name: /^\d+$/.test(roundText) ? `${roundNumber}. kolejka` : roundText, dates: [] };
      if (date) r.dates.push(date);
      newRounds.set(roundNumber, r);
    }
    if (plan.errors.length) {
      plan.action = 'error';
      continue;
    }
    plan.action = match ? (Object.keys(plan.changes).length ? 'update' : 'skip') : 'create';
    count(summary, 'matches', plan.action === 'create' ? 'created' : plan.action === 'update' ? 'updated' : 'skipped');
    if (needsRound && roundNumber !== null) roundsNeeded.add(roundNumber);
    if (writeScore && score) incidentCount += 2 + score[0] + score[1];
    if (plan.action === 'skip') continue;
    const homeId = home.id;
    const awayId = away.id;
    const roundNo = roundNumber;
    plan.apply = async (w) => {
      let matchId = match?.id;
      const roundId = async () => {
        if (roundNo === null) return null;
        const known = roundByNumber.get(roundNo) ?? w.created.get(`round:${roundNo}`);
        if (known) return known;
        const r = newRounds.get(roundNo)!;
        const sorted = [...r.dates].sort();
        const created = await createRecord(w.ctx, modelOf('rounds'), {
          data: { type: 'rounds', attributes: { name: r.name, number: roundNo, start_date: sorted[0] ?? null, end_date: sorted.at(-1) ?? null }, relationships: { stage: rel('stages', stageId) } },
        });
        await recordCreated(w.ctx, w.importId, 'rounds', [String(created.id)]);
        count(w.summary, 'rounds', 'created');
        w.created.set(`round:${roundNo}`, String(created.id));
        return String(created.id);
      };
      if (!matchId) {
        const created = await createRecord(w.ctx, modelOf('matches'), {
          data: {
            type: 'matches',
            attributes: { kickoff_at: kickoff },
            relationships: {
              round: rel('rounds', await roundId()),
              home_squad: rel('squads', homeId),
              away_squad: rel('squads', awayId),
              ...(group ? { group: rel('groups', String(group.id)) } : {}),
              ...(relationships.venue ? { venue: relationships.venue } : {}),
            },
          },
        });
        matchId = String(created.id);
        await recordCreated(w.ctx, w.importId, 'matches', [matchId]);
      } else if (Object.keys(attributes).length || Object.keys(relationships).length || plan.changes.round !== undefined) {
        const moved = plan.changes.round !== undefined ? { round: rel('rounds', await roundId()) } : {};
        await updateRecord(w.ctx, modelOf('matches'), matchId, { data: { type: 'matches', id: matchId, attributes, relationships: { ...relationships, ...moved } } });
        await recordUpdated(w.ctx, w.importId, 'matches', [matchId]);
      } else await recordUpdated(w.ctx, w.importId, 'matches', [matchId]);
      if (writeScore && score) {
        // A result without its story: the start, each side's goals (no scorer, no minute: at the
        // end of the first half, which the match centre shows as such) and the final whistle, so
        // the score and status follow from incidents as everywhere else; undo removes them.
        const incidents: { incident_type: string; occurrence_half: number; occurrence_minute: number; squad?: string }[] = [
          { incident_type: 'match_started', occurrence_half: 1, occurrence_minute: 0 },
          ...Array.from({ length: score[0] }, () => ({ incident_type: 'goal', occurrence_half: 1, occurrence_minute: 45, squad: homeId })),
          ...Array.from({ length: score[1] }, () => ({ incident_type: 'goal', occurrence_half: 1, occurrence_minute: 45, squad: awayId })),
          { incident_type: 'match_ended', occurrence_half: 1, occurrence_minute: 45 },
        ];
        const ids: string[] = [];
        for (const { squad, ...attrs } of incidents) {
          const created = await createRecord(w.ctx, modelOf('incidents'), {
            data: { type: 'incidents', attributes: attrs, relationships: { match: rel('matches', matchId), ...(squad ? { squad: rel('squads', squad) } : {}) } },
          });
          ids.push(String(created.id));
        }
        await recordCreated(w.ctx, w.importId, 'incidents', ids);
        count(w.summary, 'incidents', 'created');
        w.summary.incidents.created += ids.length - 1;
      }
    };
  }
  // What the rows' writes bring along: the rounds they need, the incidents of their results.
  if (roundsNeeded.size) summary.rounds = { created: roundsNeeded.size, updated: 0, skipped: 0 };
  if (incidentCount) summary.incidents = { created: incidentCount, updated: 0, skipped: 0 };
  return { rows: out, summary, choices: choicesOf({ squads, venues }) };
}

// Clubs ------------------------------------------------------------------------------------------

async function planClubs(ctx: ReadContext, rows: RowInput[], overrides: Overrides): Promise<Plan> {
  const clubs = await clubCandidates(ctx);
  const matcher = new Matcher(clubs);
  const venues = new Matcher(await venueCandidates(ctx));
  const summary: BatchSummary = {};
  const seen = new Map<string, number>();
  const out: RowPlan[] = [];
  const attrs = modelOf('clubs').attributes;
  for (const row of rows) {
    const plan = newPlan(row, 'clubs');
    out.push(plan);
    const name = row.get('name');
    if (!name) {
      plan.errors.push(missing(row, 'name'));
      plan.action = 'error';
      continue;
    }
    plan.record.label = name;
    const folded = foldName(name);
    if (seen.has(folded))
      plan.errors.push(errorSpec(422, 'importDuplicateRow', { values: { row: row.number, other: seen.get(folded)! }, source: { pointer: `/rows/${row.number}` }, params: { row: row.number, other: seen.get(folded) } }));
    seen.set(folded, row.number);
    const found = resolve(row, 'name', 'clubs', matcher, overrides, plan, true);
    const club = found && found !== 'new' ? clubs.find((c) => c.id === found.id)! : null;
    const values: Record<string, unknown> = {};
    const check = (field: string, attribute: string, value: unknown) => {
      const problem = attributeError(row, field, attribute, attrs.get(attribute)!, value);
      if (problem) plan.errors.push(problem);
      else values[attribute] = value;
    };
    if (!club) check('name', 'name', name);
    for (const f of ['short_name', 'city', 'website'] as const) if (row.get(f)) check(f, f, row.get(f));
    if (row.get('code')) check('code', 'code', row.get('code').toUpperCase());
    if (row.get('country')) {
      const c = parseCountry(row.get('country'));
      if (c) values.country = c;
      else plan.errors.push(cellError(row, 'country', 'importInvalidValue.country', row.get('country')));
    }
    if (row.get('founded')) {
      const y = parseInteger(row.get('founded'), 1800, 2100);
      if (y === null) plan.errors.push(cellError(row, 'founded', 'importInvalidValue.integer', row.get('founded')));
      else values.founded = y;
    }
    const venue = row.get('venue') ? resolve(row, 'venue', 'venues', venues, overrides, plan) : null;
    if (plan.errors.length) {
      plan.action = 'error';
      continue;
    }
    const changes = Object.fromEntries(Object.entries(values).filter(([k, v]) => !club || club.row[k] !== v));
    const venueChange = venue && venue !== 'new' && (!club || String(club.row.venue_id ?? '') !== venue.id) ? venue : null;
    plan.changes = { ...changes, ...(venueChange ? { venue: venueChange.label } : {}) };
    plan.record.id = club?.id ?? null;
    plan.action = club ? (Object.keys(plan.changes).length ? 'update' : 'skip') : 'create';
    count(summary, 'clubs', plan.action === 'create' ? 'created' : plan.action === 'update' ? 'updated' : 'skipped');
    if (plan.action === 'skip') continue;
    const relationships = venueChange ? { venue: rel('venues', venueChange.id) } : {};
    plan.apply = async (w) => {
      if (club) {
        await updateRecord(w.ctx, modelOf('clubs'), club.id, { data: { type: 'clubs', id: club.id, attributes: changes, relationships } });
        await recordUpdated(w.ctx, w.importId, 'clubs', [club.id]);
      } else {
        const created = await createRecord(w.ctx, modelOf('clubs'), { data: { type: 'clubs', attributes: changes, relationships } });
        await recordCreated(w.ctx, w.importId, 'clubs', [String(created.id)]);
      }
    };
  }
  return { rows: out, summary, choices: choicesOf({ clubs: matcher, venues }) };
}

// Squads -----------------------------------------------------------------------------------------

async function planSquads(ctx: ReadContext, rows: RowInput[], options: ImportOptions, overrides: Overrides): Promise<Plan> {
  const season = await target(ctx, 'seasons', options.season_id, 'season_id', 'seasons');
  const cs = await target(ctx, 'competition_seasons', options.competition_season_id, 'competition_season_id', 'competition_seasons');
  const seasonRow = season ?? (cs ? await ctx.db.selectFrom('seasons').selectAll().where('id', '=', Number(cs.season_id)).where('client_id', '=', ctx.clientId).executeTakeFirst() : undefined);
  if (!seasonRow) throw needTarget('season_id', 'seasons');
  const seasonId = Number(seasonRow.id);
  const clubs = new Matcher((await clubCandidates(ctx)).map(({ id, label, keys }) => ({ id, label, keys })));
  const teams = await ctx.db.selectFrom('teams').select(['id', 'club_id', 'kind', 'name']).where('client_id', '=', ctx.clientId).orderBy('id').execute();
  const squads = await ctx.db
    .selectFrom('squads')
    .innerJoin('teams', 'teams.id', 'squads.team_id')
    .select(['squads.id as id', 'squads.name as name', 'teams.club_id as club_id'])
    .where('squads.season_id', '=', seasonId)
    .where('squads.client_id', '=', ctx.clientId)
    .execute();
  const linked = cs
    ? new Set((await ctx.db.selectFrom('competition_season_squads').select('squad_id').where('competition_season_id', '=', Number(cs.id)).where('client_id', '=', ctx.clientId).execute()).map((r) => String(r.squad_id)))
    : new Set<string>();
  const summary: BatchSummary = {};
  const seen = new Map<string, number>();
  const out: RowPlan[] = [];
  for (const row of rows) {
    const plan = newPlan(row, 'squads');
    out.push(plan);
    if (!row.get('club')) {
      plan.errors.push(missing(row, 'club'));
      plan.action = 'error';
      continue;
    }
    const club = resolve(row, 'club', 'clubs', clubs, overrides, plan);
    if (!club || club === 'new') {
      plan.action = 'error';
      continue;
    }
    const name = row.get('name') || `${club.label} ${String(seasonRow.name)}`;
    const problem = attributeError(row, row.get('name') ? 'name' : 'club', 'name', modelOf('squads').attributes.get('name')!, name);
    if (problem) plan.errors.push(problem);
    if (seen.has(club.id))
      plan.errors.push(errorSpec(422, 'importDuplicateRow', { values: { row: row.number, other: seen.get(club.id)! }, source: { pointer: `/rows/${row.number}` }, params: { row: row.number, other: seen.get(club.id) } }));
    seen.set(club.id, row.number);
    plan.record.label = name;
    const squad = squads.find((s) => String(s.club_id) === club.id) ?? squads.find((s) => foldName(String(s.name)) === foldName(name));
    if (plan.errors.length) {
      plan.action = 'error';
      continue;
    }
    plan.record.id = squad ? String(squad.id) : null;
    const rename = squad && row.get('name') && String(squad.name) !== name;
    const link = cs && (!squad || !linked.has(String(squad.id)));
    if (rename) plan.changes.name = name;
    if (link) plan.changes.competition_season = String(cs.name);
    if (!squad) plan.changes.name = name;
    plan.action = squad ? (rename || link ? 'update' : 'skip') : 'create';
    count(summary, 'squads', plan.action === 'create' ? 'created' : plan.action === 'update' ? 'updated' : 'skipped');
    if (plan.action === 'skip') continue;
    const team = teams.find((t) => String(t.club_id) === club.id && t.kind === 'first') ?? teams.find((t) => String(t.club_id) === club.id);
    plan.apply = async (w) => {
      let squadId = squad ? String(squad.id) : null;
      if (!squadId) {
        let teamId = team ? String(team.id) : w.created.get(`team:${club.id}`);
        if (!teamId) {
          const t = await createRecord(w.ctx, modelOf('teams'), { data: { type: 'teams', attributes: { name: club.label, kind: 'first' }, relationships: { club: rel('clubs', club.id) } } });
          teamId = String(t.id);
          w.created.set(`team:${club.id}`, teamId);
          await recordCreated(w.ctx, w.importId, 'teams', [teamId]);
          count(w.summary, 'teams', 'created');
        }
        const s = await createRecord(w.ctx, modelOf('squads'), { data: { type: 'squads', attributes: { name }, relationships: { season: rel('seasons', seasonId), team: rel('teams', teamId) } } });
        squadId = String(s.id);
        await recordCreated(w.ctx, w.importId, 'squads', [squadId]);
      } else if (rename) {
        await updateRecord(w.ctx, modelOf('squads'), squadId, { data: { type: 'squads', id: squadId, attributes: { name } } });
        await recordUpdated(w.ctx, w.importId, 'squads', [squadId]);
      } else await recordUpdated(w.ctx, w.importId, 'squads', [squadId]);
      if (link && cs) {
        const l = await createRecord(w.ctx, modelOf('competition_season_squads'), {
          data: { type: 'competition_season_squads', relationships: { competition_season: rel('competition_seasons', String(cs.id)), squad: rel('squads', squadId) } },
        });
        await recordCreated(w.ctx, w.importId, 'competition_season_squads', [String(l.id)]);
        count(w.summary, 'competition_season_squads', 'created');
      }
    };
  }
  return { rows: out, summary, choices: choicesOf({ clubs }) };
}

// Players ----------------------------------------------------------------------------------------

async function planPlayers(ctx: ReadContext, rows: RowInput[], options: ImportOptions, overrides: Overrides): Promise<Plan> {
  const fixedSquad = await target(ctx, 'squads', options.squad_id, 'squad_id', 'squads');
  const season = await target(ctx, 'seasons', options.season_id, 'season_id', 'seasons');
  const squads = new Matcher(fixedSquad ? [] : await squadCandidates(ctx, season ? { seasonId: Number(season.id) } : {}));
  const existing = await ctx.db.selectFrom('players').select(['id', 'first_name', 'last_name', 'birth_date', 'position', 'nationality']).where('client_id', '=', ctx.clientId).execute();
  const byName = new Map<string, typeof existing>();
  for (const p of existing) {
    const key = foldName(`${String(p.first_name)} ${String(p.last_name)}`);
    byName.set(key, [...(byName.get(key) ?? []), p]);
  }
  const members = await ctx.db.selectFrom('squad_players').select(['id', 'squad_id', 'player_id', 'shirt_number', 'position']).where('client_id', '=', ctx.clientId).execute();
  const memberOf = new Map(members.map((m) => [`${String(m.squad_id)}:${String(m.player_id)}`, m]));
  const shirts = new Map(members.filter((m) => m.shirt_number != null).map((m) => [`${String(m.squad_id)}#${Number(m.shirt_number)}`, String(m.player_id)]));
  const attrs = modelOf('players').attributes;
  const summary: BatchSummary = {};
  const seen = new Map<string, number>();
  const out: RowPlan[] = [];
  for (const row of rows) {
    const plan = newPlan(row, 'players');
    out.push(plan);
    let first = row.get('first_name');
    let last = row.get('last_name');
    const nameField = first || last ? (first ? 'last_name' : 'first_name') : 'full_name';
    if (!first && !last && row.get('full_name')) {
      const words = row.get('full_name').split(/\s+/);
      last = words.length > 1 ? words.pop()! : '';
      first = words.join(' ');
    }
    if (!first) plan.errors.push(missing(row, first || last ? 'first_name' : nameField));
    if (!last && first) plan.errors.push(missing(row, row.get('full_name') ? 'full_name' : 'last_name'));
    for (const [field, attribute, value] of [[row.get('first_name') ? 'first_name' : 'full_name', 'first_name', first], [row.get('last_name') ? 'last_name' : 'full_name', 'last_name', last]] as const) {
      if (!value) continue;
      const problem = attributeError(row, field, attribute, attrs.get(attribute)!, value);
      if (problem) plan.errors.push(problem);
    }
    plan.record.label = `${first} ${last}`.trim();
    const values: Record<string, unknown> = {};
    let birth: string | null = null;
    if (row.get('birth_date')) {
      birth = parseDate(row.get('birth_date'));
      if (!birth) plan.errors.push(cellError(row, 'birth_date', 'importInvalidValue.date', row.get('birth_date')));
      else values.birth_date = birth;
    }
    if (row.get('position')) {
      const p = parsePosition(row.get('position'));
      if (!p) plan.errors.push(cellError(row, 'position', 'importInvalidValue.position', row.get('position')));
      else values.position = p;
    }
    if (row.get('nationality')) {
      const c = parseCountry(row.get('nationality'));
      if (!c) plan.errors.push(cellError(row, 'nationality', 'importInvalidValue.country', row.get('nationality')));
      else values.nationality = c;
    }
    let shirt: number | null = null;
    if (row.get('shirt_number')) {
      shirt = parseInteger(row.get('shirt_number'), 1, 99);
      if (shirt === null) plan.errors.push(cellError(row, 'shirt_number', 'importInvalidValue.integer', row.get('shirt_number')));
    }
    let squadId: string | null = fixedSquad ? String(fixedSquad.id) : null;
    if (!fixedSquad && row.get('squad')) {
      const s = resolve(row, 'squad', 'squads', squads, overrides, plan);
      if (s && s !== 'new') squadId = s.id;
    }
    // The same player: the same name and birth date (a name alone when the file gives no date and one player has it).
    const key = foldName(`${first} ${last}`);
    const namesakes = byName.get(key) ?? [];
    let player = birth ? namesakes.find((p) => String(fromDb('date', p.birth_date)) === birth) : undefined;
    if (!birth && namesakes.length === 1) player = namesakes[0];
    if (!birth && namesakes.length > 1)
      plan.errors.push(errorSpec(422, 'importAmbiguousMatch', { values: { row: row.number, column: row.column(nameField), value: plan.record.label, count: namesakes.length }, source: { pointer: `/rows/${row.number}/${row.column(nameField)}` }, params: { row: row.number, column: row.column(nameField), value: plan.record.label, count: namesakes.length } }));
    const dupKey = `${key}|${birth ?? ''}`;
    if (seen.has(dupKey))
      plan.errors.push(errorSpec(422, 'importDuplicateRow', { values: { row: row.number, other: seen.get(dupKey)! }, source: { pointer: `/rows/${row.number}` }, params: { row: row.number, other: seen.get(dupKey) } }));
    seen.set(dupKey, row.number);
    const member = player && squadId ? memberOf.get(`${squadId}:${String(player.id)}`) : undefined;
    if (squadId && shirt !== null) {
      const holder = shirts.get(`${squadId}#${shirt}`);
      if (holder && holder !== String(player?.id ?? '')) {
        const column = row.column('shirt_number');
        plan.errors.push({ ...fieldError(`/rows/${row.number}/${column}`, column, 'unique'), params: { row: row.number, column } });
      } else shirts.set(`${squadId}#${shirt}`, String(player?.id ?? `row${row.number}`));
    }
    if (plan.errors.length) {
      plan.action = 'error';
      continue;
    }
    const changes = Object.fromEntries(Object.entries(values).filter(([k, v]) => !player || fromDb(k === 'birth_date' ? 'date' : 'string', (player as Record<string, unknown>)[k]) !== v));
    const memberChanges: Record<string, unknown> = {};
    if (squadId) {
      if (shirt !== null && (!member || Number(member.shirt_number) !== shirt)) memberChanges.shirt_number = shirt;
      if (values.position && (!member || member.position !== values.position)) memberChanges.position = values.position;
    }
    const join = squadId && !member;
    plan.record.id = player ? String(player.id) : null;
    plan.changes = { ...changes, ...memberChanges, ...(join ? { squad: squadId } : {}) };
    plan.action = player ? (Object.keys(plan.changes).length ? 'update' : 'skip') : 'create';
    count(summary, 'players', plan.action === 'create' ? 'created' : plan.action === 'update' ? 'updated' : 'skipped');
    if (plan.action === 'skip') continue;
    const firstName = first;
    const lastName = last;
    plan.apply = async (w) => {
      let playerId = player ? String(player.id) : null;
      if (!playerId) {
        const created = await createRecord(w.ctx, modelOf('players'), { data: { type: 'players', attributes: { first_name: firstName, last_name: lastName, ...changes } } });
        playerId = String(created.id);
        await recordCreated(w.ctx, w.importId, 'players', [playerId]);
      } else if (Object.keys(changes).length) {
        await updateRecord(w.ctx, modelOf('players'), playerId, { data: { type: 'players', id: playerId, attributes: changes } });
        await recordUpdated(w.ctx, w.importId, 'players', [playerId]);
      }
      if (join && squadId) {
        const created = await createRecord(w.ctx, modelOf('squad_players'), {
          data: { type: 'squad_players', attributes: memberChanges, relationships: { squad: rel('squads', squadId), player: rel('players', playerId) } },
        });
        await recordCreated(w.ctx, w.importId, 'squad_players', [String(created.id)]);
        count(w.summary, 'squad_players', 'created');
      } else if (member && Object.keys(memberChanges).length) {
        await updateRecord(w.ctx, modelOf('squad_players'), String(member.id), { data: { type: 'squad_players', id: String(member.id), attributes: memberChanges } });
        await recordUpdated(w.ctx, w.importId, 'squad_players', [String(member.id)]);
        count(w.summary, 'squad_players', 'updated');
      }
    };
  }
  return { rows: out, summary, choices: choicesOf({ squads }) };
}

/** The dry run of a file: per row what will be created, updated or skipped, and every problem with its row and column. */
export async function planImport(ctx: ReadContext, kind: FileImportKind, file: ParsedFile, mapping: Record<string, string>, options: ImportOptions, overrides: Overrides): Promise<Plan> {
  const rows = rowsOf(file, mapping);
  switch (kind) {
    case 'fixtures':
    case 'results':
      return planMatches(ctx, kind, rows, options, overrides);
    case 'clubs':
      return planClubs(ctx, rows, overrides);
    case 'squads':
      return planSquads(ctx, rows, options, overrides);
    case 'players':
      return planPlayers(ctx, rows, options, overrides);
  }
}
