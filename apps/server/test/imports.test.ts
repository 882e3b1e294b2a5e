import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertJsonApiDocument } from './support/jsonapi-schema';
import { multipart } from './support/multipart';
import { startTestServer, type TestServer } from './support/test-server';
import { deflatedZeros, partOf, SHARED_STRINGS_HEAD, workbookParts, zipOf } from './support/zip-writer';

/**
 * Imports from files (issue 26): POST /api/v3/imports with a CSV or XLSX of fixtures, results,
 * clubs, squads or players; `?dry_run=true` answers the report and writes nothing; a commit writes
 * everything in one transaction or nothing; bad files get a clear error; undo removes what it made.
 */
let api: TestServer;
let token: string;
let csId: string;
let stageId: string;
let seasonId: string;

const SAMPLES = new URL('../../../samples/', import.meta.url);
const sample = (name: string) => readFileSync(new URL(name, SAMPLES));

interface Upload {
  kind?: string;
  name?: string;
  content: Buffer | string;
  fields?: Record<string, string>;
  dryRun?: boolean;
  lang?: string;
}

async function upload({ kind = 'fixtures', name = 'file.csv', content, fields = {}, dryRun = false, lang }: Upload) {
  const form = multipart({ name, content: Buffer.isBuffer(content) ? content : Buffer.from(content) }, { kind, ...fields });
  const res = await fetch(`${api.url}/api/v3/imports${dryRun ? '?dry_run=true' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType, accept: 'application/vnd.api+json', ...(lang ? { 'accept-language': lang } : {}) },
    body: form.body,
  });
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  if ((res.headers.get('content-type') ?? '').startsWith('application/vnd.api+json')) assertJsonApiDocument(body, `POST /imports → ${res.status}`);
  return { status: res.status, body, text };
}

const target = () => ({ competition_season_id: csId, stage_id: stageId });
const countOf = async (table: string) =>
  Number((await api.server.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const counts = async () => ({ matches: await countOf('matches'), rounds: await countOf('rounds'), incidents: await countOf('incidents'), imports: await countOf('imports'), clubs: await countOf('clubs'), players: await countOf('players') });

beforeAll(async () => {
  api = await startTestServer();
  token = await api.token('admin');
  const seasons = await api.get('/api/v3/competition_seasons?filter[is_current]=true&page[size]=50');
  const cs = seasons.body.data.find((s: { attributes: { name: string } }) => s.attributes.name.startsWith('PKO BP Ekstraklasa'));
  csId = cs.id;
  seasonId = cs.relationships.season.data.id;
  // A stage without matches yet, as a league opens one for its championship round.
  const stage = await api.post('/api/v3/stages', {
    data: { type: 'stages', attributes: { name: 'Runda finałowa', kind: 'league', display_order: 2 }, relationships: { competition_season: { data: { type: 'competition_seasons', id: csId } } } },
  });
  expect(stage.status, stage.text).toBe(201);
  stageId = stage.body.data.id;
}, 120_000);
afterAll(() => api?.close());

describe('fixtures and results', () => {
  let importId: string;

  it('dry run: guesses the Polish columns, reports every row, warns of the misspelt club with its candidate, and writes nothing', async () => {
    const before = await counts();
    const res = await upload({ content: sample('fixtures-ekstraklasa.csv'), name: 'fixtures-ekstraklasa.csv', fields: target(), dryRun: true });
    expect(res.status, res.text).toBe(200);
    const report = res.body.data.attributes;
    expect(report.mapping).toEqual({ Kolejka: 'round', Data: 'date', Godzina: 'time', Gospodarze: 'home', Goście: 'away', Stadion: 'venue', Wynik: 'score' });
    expect(report.totals).toMatchObject({ rows: 18, create: 18, update: 0, skip: 0, error: 0, errors: 0, warnings: 1 });
    expect(report.summary).toEqual({ matches: { created: 18, updated: 0, skipped: 0 }, rounds: { created: 2, updated: 0, skipped: 0 }, incidents: { created: 9 * 2 + 21, updated: 0, skipped: 0 } });
    const misspelt = report.rows.find((r: { row: number }) => r.row === 19);
    expect(misspelt.warnings[0]).toMatchObject({ code: 'importFuzzyMatch', meta: { params: { row: 19, column: 'Goście', value: 'Legia Warszwa' } } });
    const cell = misspelt.matches.find((m: { column: string }) => m.column === 'Goście');
    expect(cell).toMatchObject({ status: 'fuzzy', type: 'squads', record: { label: expect.stringMatching(/^Legia Warszawa/) } });
    expect(cell.candidates.length).toBeGreaterThan(0);
    const first = report.rows[0];
    expect(first).toMatchObject({ row: 2, action: 'create', type: 'matches', changes: { kickoff_at: '2027-05-07T16:00:00.000Z', score: '2:1' } });
    expect(await counts()).toEqual(before);
  });

  it('a commit with the candidate changed writes everything in one import: rounds, matches, results as incidents; the mapping is remembered', async () => {
    const dry = await upload({ content: sample('fixtures-ekstraklasa.csv'), fields: target(), dryRun: true });
    const legia = dry.body.data.attributes.rows.find((r: { row: number }) => r.row === 19).matches.find((m: { column: string }) => m.column === 'Goście');
    const before = await counts();
    const res = await upload({ content: sample('fixtures-ekstraklasa.csv'), name: 'fixtures-ekstraklasa.csv', fields: { ...target(), matches: JSON.stringify({ '19:Goście': legia.record.id }) } });
    expect(res.status, res.text).toBe(201);
    importId = res.body.data.id;
    expect(res.body.data.attributes).toMatchObject({ kind: 'fixtures', status: 'committed', format: 'csv', file_name: 'fixtures-ekstraklasa.csv', row_count: 18 });
    expect(res.body.data.attributes.summary).toEqual({ matches: { created: 18, updated: 0, skipped: 0 }, rounds: { created: 2, updated: 0, skipped: 0 }, incidents: { created: 39, updated: 0, skipped: 0 } });
    expect(await counts()).toEqual({ ...before, matches: before.matches + 18, rounds: before.rounds + 2, incidents: before.incidents + 39, imports: before.imports + 1 });
    const rounds = await api.get(`/api/v3/rounds?filter[stage]=${stageId}&include=matches&sort=number`);
    expect(rounds.body.data.map((r: { attributes: { name: string; number: number; start_date: string } }) => [r.attributes.number, r.attributes.name, r.attributes.start_date])).toEqual([
      [1, '1. kolejka', '2027-05-07'],
      [2, '2. kolejka', '2027-05-14'],
    ]);
    const played = rounds.body.included.filter((m: { type: string; attributes: { status: string } }) => m.type === 'matches' && m.attributes.status === 'finished');
    expect(played).toHaveLength(9);
    const legiaMatch = rounds.body.included.find((m: { attributes: { kickoff_at: string } }) => m.attributes.kickoff_at.startsWith('2027-05-07T16:00'));
    expect(legiaMatch.attributes).toMatchObject({ home_score: 2, away_score: 1 });
    expect(legiaMatch.relationships.away_squad.data.id).toEqual(expect.any(String));
    const remembered = await api.server.database.db.selectFrom('import_mappings').select(['kind', 'mapping']).where('kind', '=', 'fixtures').execute();
    expect(remembered).toHaveLength(1);
    // The report of the import.
    const fetched = await api.get(`/api/v3/imports/${importId}`);
    expect(fetched.body.data.attributes.summary.matches.created).toBe(18);
  });

  it('the same file again changes nothing: every row is skipped; a changed kickoff is an update', async () => {
    const same = await upload({ content: sample('fixtures-ekstraklasa.csv'), fields: target(), dryRun: true });
    expect(same.body.data.attributes.totals).toMatchObject({ create: 0, update: 0, skip: 18, error: 0 });
    const changed = sample('fixtures-ekstraklasa.csv').toString('utf8').replace('16.05.2027;20:00;Zagłębie', '17.05.2027;19:00;Zagłębie');
    const res = await upload({ content: changed, fields: target(), dryRun: true });
    const row = res.body.data.attributes.rows.find((r: { row: number }) => r.row === 19);
    expect(row).toMatchObject({ action: 'update', changes: { kickoff_at: '2027-05-17T17:00:00.000Z' } });
  });

  it('results: a score for a match already played differently is an error naming the row; a file of results for unplayed matches writes them', async () => {
    const conflict = await upload({ kind: 'results', content: 'Gospodarze;Goście;Kolejka;Wynik\nLegia Warszawa;Bruk-Bet Termalica Nieciecza;1;3:3\n', fields: target(), dryRun: true });
    expect(conflict.status, conflict.text).toBe(200);
    expect(conflict.body.data.attributes.rows[0].errors[0]).toMatchObject({ code: 'importScoreConflict', meta: { params: { row: 2, score: '3:3', current: '2:1' } } });
    const results = await upload({ kind: 'results', content: 'Gospodarze;Goście;Kolejka;Bramki gospodarzy;Bramki gości\nMotor Lublin;Górnik Zabrze;2;1;2\n', fields: target() });
    expect(results.status, results.text).toBe(201);
    expect(results.body.data.attributes.summary).toMatchObject({ matches: { updated: 1 }, incidents: { created: 5 } });
    const match = await api.get(`/api/v3/matches?filter[round]=${(await api.get(`/api/v3/rounds?filter[stage]=${stageId}&filter[number]=2`)).body.data[0].id}&filter[status]=finished`);
    expect(match.body.data.map((m: { attributes: { home_score: number; away_score: number } }) => [m.attributes.home_score, m.attributes.away_score])).toEqual([[1, 2]]);
    // Undone, the match is as before: its incidents go, the match stays (the import only updated it).
    const undo = await api.delete(`/api/v3/imports/${results.body.data.id}`);
    expect(undo.status, undo.text).toBe(200);
    expect((await api.get(`/api/v3/matches/${match.body.data[0].id}`)).body.data.attributes).toMatchObject({ status: 'not_started', home_score: 0, away_score: 0 });
  });

  it('one bad row refuses the whole commit, naming its row and column with the nearest candidates; nothing is written', async () => {
    const before = await counts();
    const csv = 'Kolejka;Data;Godzina;Gospodarze;Goście\n3;21.05.2027;18:00;Legia Warszawa;Lech Poznań\n3;22.05.2027;18:00;FC Nieistniejący;Cracovia\n3;23.05.2027;25:00;Korona Kielce;Piast Gliwice\n';
    const dry = await upload({ content: csv, fields: target(), dryRun: true });
    const rows = dry.body.data.attributes.rows;
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['create', 'error', 'error']);
    expect(rows[1].errors[0]).toMatchObject({ code: 'importNoMatch', source: { pointer: '/rows/3/Gospodarze' }, meta: { params: { row: 3, column: 'Gospodarze', value: 'FC Nieistniejący' } } });
    expect(rows[2].errors[0]).toMatchObject({ code: 'importInvalidValue', source: { pointer: '/rows/4/Godzina' } });
    const res = await upload({ content: csv, fields: target() });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual(['/rows/3/Gospodarze', '/rows/4/Godzina']);
    expect(await counts()).toEqual(before);
    // The user picks the record among every squad of the competition season the report offers.
    const choices = dry.body.data.attributes.choices.squads as { id: string; label: string }[];
    expect(choices.length).toBeGreaterThanOrEqual(18);
    const zaglebie = choices.find((c) => c.label.startsWith('Zagłębie Lubin'))!;
    const fixed = await upload({ content: csv, fields: { ...target(), matches: JSON.stringify({ '3:Gospodarze': zaglebie.id }) }, dryRun: true });
    expect(fixed.body.data.attributes.rows[1]).toMatchObject({ action: 'create', matches: [{ column: 'Gospodarze', status: 'chosen', record: { id: zaglebie.id } }, { column: 'Goście', status: 'exact' }] });
    // An id that is no candidate of the cell is refused at its row and column.
    const wrong = await upload({ content: csv, fields: { ...target(), matches: JSON.stringify({ '3:Gospodarze': '999999' }) }, dryRun: true });
    expect(wrong.body.data.attributes.rows[1].errors[0]).toMatchObject({ code: 'importNoMatch', source: { pointer: '/rows/3/Gospodarze' } });
  });

  it('undo removes the matches, rounds and incidents the import created', async () => {
    const before = await counts();
    const res = await api.delete(`/api/v3/imports/${importId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes.status).toBe('undone');
    expect(await counts()).toEqual({ ...before, matches: before.matches - 18, rounds: before.rounds - 2, incidents: before.incidents - 39 });
  });

  it('reads the XLSX sample alike (dates as dates), and a mapping sent by the client is used and remembered', async () => {
    const res = await upload({ content: sample('fixtures-ekstraklasa.xlsx'), name: 'fixtures-ekstraklasa.xlsx', fields: target(), dryRun: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ format: 'xlsx', totals: { rows: 18, create: 18, error: 0, warnings: 1 } });
    expect(res.body.data.attributes.rows[0].changes.kickoff_at).toBe('2027-05-07T16:00:00.000Z');

    const csv = 'A;B;C;D;E\n5;01.06.2027;18:00;Legia Warszawa;Lech Poznań\n';
    const mapping = { A: 'round', B: 'date', C: 'time', D: 'home', E: 'away' };
    const guessed = await upload({ content: csv, fields: target(), dryRun: true });
    expect(guessed.body.data.attributes.mapping_errors.map((e: { code: string }) => e.code)).toContain('importMapping');
    const committed = await upload({ content: csv, fields: { ...target(), mapping: JSON.stringify(mapping) } });
    expect(committed.status, committed.text).toBe(201);
    const again = await upload({ content: csv, fields: target(), dryRun: true });
    expect(again.body.data.attributes.mapping).toEqual(mapping);
    expect(again.body.data.attributes.totals.skip).toBe(1);
    expect((await api.delete(`/api/v3/imports/${committed.body.data.id}`)).status).toBe(200);
  });
});

describe('clubs, squads and players', () => {
  it('clubs: a Windows-1250 CSV is read; a known club is updated, a new one created, accents and case ignored', async () => {
    const text = 'Nazwa;Skrót;Kod;Miasto;Kraj;Rok założenia\nŚląsk Wrocław;Śląsk;SLA;Wrocław;Polska;1947\nlegia warszawa;Legia;LEG;Warszawa;PL;1916\n';
    const cp1250 = Buffer.from(
      [...text].map((ch) => ({ Ś: 0x8c, ą: 0xb9, ł: 0xb3, ó: 0xf3, ż: 0xbf }[ch] ?? ch.charCodeAt(0))),
    );
    const dry = await upload({ kind: 'clubs', content: cp1250, fields: {}, dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    const rows = dry.body.data.attributes.rows;
    expect(rows[0]).toMatchObject({ action: 'create', changes: { name: 'Śląsk Wrocław', short_name: 'Śląsk', code: 'SLA', city: 'Wrocław', country: 'PL', founded: 1947 } });
    expect(rows[1]).toMatchObject({ action: 'skip', matches: [{ status: 'exact', record: { label: 'Legia Warszawa' } }] });
    const res = await upload({ kind: 'clubs', content: cp1250 });
    expect(res.status, res.text).toBe(201);
    const slask = await api.get('/api/v3/clubs?filter[q]=slask');
    expect(slask.body.data.map((c: { attributes: { name: string } }) => c.attributes.name)).toEqual(['Śląsk Wrocław']);
    // "Slask" now finds "Śląsk Wrocław" as the club of a squads file.
    const squads = await upload({ kind: 'squads', content: 'Klub\nSlask\n', fields: { season_id: seasonId, competition_season_id: csId }, dryRun: true });
    expect(squads.body.data.attributes.rows[0]).toMatchObject({ action: 'create', matches: [{ status: 'exact', record: { label: 'Śląsk Wrocław' } }] });
    const made = await upload({ kind: 'squads', content: 'Klub\nSlask\n', fields: { season_id: seasonId, competition_season_id: csId } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.attributes.summary).toMatchObject({ squads: { created: 1 }, teams: { created: 1 }, competition_season_squads: { created: 1 } });
    // Undo goes back through what the two imports made, the squads' first.
    expect((await api.delete(`/api/v3/imports/${res.body.data.id}`)).body.errors[0].meta.key).toBe('importHasDependents');
    expect((await api.delete(`/api/v3/imports/${made.body.data.id}`)).status).toBe(200);
    expect((await api.delete(`/api/v3/imports/${res.body.data.id}`)).status).toBe(200);
  });

  it('players: names, birth dates, Polish and English positions and countries, shirt numbers in their squads', async () => {
    const before = await counts();
    const dry = await upload({ kind: 'players', content: sample('players-ekstraklasa.csv'), fields: { season_id: seasonId }, dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    const report = dry.body.data.attributes;
    expect(report.mapping).toEqual({ Imię: 'first_name', Nazwisko: 'last_name', 'Data urodzenia': 'birth_date', Pozycja: 'position', Numer: 'shirt_number', Narodowość: 'nationality', Klub: 'squad' });
    expect(report.totals).toMatchObject({ rows: 10, create: 10, error: 0 });
    expect(report.rows[2].changes).toMatchObject({ birth_date: '1998-06-21', position: 'defender', nationality: 'SE', shirt_number: 82 });
    const res = await upload({ kind: 'players', content: sample('players-ekstraklasa.xlsx'), name: 'players.xlsx', fields: { season_id: seasonId } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.attributes.summary).toEqual({ players: { created: 10, updated: 0, skipped: 0 }, squad_players: { created: 10, updated: 0, skipped: 0 } });
    expect((await counts()).players).toBe(before.players + 10);
    // Again: the same players (name and birth date), nothing to do.
    const again = await upload({ kind: 'players', content: sample('players-ekstraklasa.csv'), fields: { season_id: seasonId }, dryRun: true });
    expect(again.body.data.attributes.totals).toMatchObject({ skip: 10 });
    // A shirt number taken in the squad is an error of that cell.
    const taken = await upload({ kind: 'players', content: 'Imię,Nazwisko,Numer,Klub\nJan,Nowy,9,Legia Warszawa\n', fields: { season_id: seasonId }, dryRun: true });
    expect(taken.body.data.attributes.rows[0].errors[0]).toMatchObject({ code: 'unique', source: { pointer: '/rows/2/Numer' } });
    expect((await api.delete(`/api/v3/imports/${res.body.data.id}`)).status).toBe(200);
    expect((await counts()).players).toBe(before.players);
  });
});

describe('bad files get a clear error and change nothing', () => {
  const expectError = async (res: Awaited<ReturnType<typeof upload>>, status: number, key: string) => {
    expect(res.status, res.text).toBe(status);
    expect(res.body.errors[0].meta.key).toBe(key);
    expect(res.body.errors[0].detail).toEqual(expect.any(String));
    return res.body.errors[0];
  };

  it('refuses each one by name', async () => {
    const before = await counts();
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Nazwa\nKlub\n', 'utf16le')]);
    await expectError(await upload({ kind: 'clubs', content: utf16 }), 422, 'importFile');
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n');
    await expectError(await upload({ kind: 'clubs', content: pdf, name: 'plan.pdf' }), 415, 'importFile');

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Kluby');
    sheet.addRow(['Nazwa', 'Rok założenia']);
    sheet.addRow(['Klub Formuły', 1900]);
    sheet.getCell('B3').value = { formula: 'B2+1', result: 1901 };
    sheet.getCell('A3').value = 'Klub Drugi';
    const withFormula = Buffer.from(await workbook.xlsx.writeBuffer());
    const formula = await expectError(await upload({ kind: 'clubs', content: withFormula, name: 'kluby.xlsx' }), 422, 'importFormula');
    expect(formula.meta.params.cell).toBe('B3');
    expect(formula.detail).toContain('B3');

    const big = Buffer.alloc(11 * 1024 * 1024, 'a');
    await expectError(await upload({ kind: 'clubs', content: big }), 413, 'importFile');
    const wide = `${Array.from({ length: 10_000 }, (_, i) => `K${i}`).join(';')}\n${Array.from({ length: 10_000 }, () => 'x').join(';')}\n`;
    await expectError(await upload({ kind: 'clubs', content: wide }), 413, 'importTooManyColumns');
    const longName = await expectError(await upload({ kind: 'clubs', content: `Nazwa;Miasto\n${'Ł'.repeat(5000)};Łódź\n`, lang: 'pl' }), 422, 'importCellTooLong');
    expect(longName).toMatchObject({ source: { pointer: '/rows/2/Nazwa' }, meta: { params: { row: 2, column: 'Nazwa', max: 1000 } } });
    expect(longName.detail).toContain('Wiersz 2');
    // A name within the cell limit but beyond the club's: the row's error, with its column.
    const tooLongForClub = await upload({ kind: 'clubs', content: `Nazwa\n${'a'.repeat(200)}\n`, dryRun: true });
    expect(tooLongForClub.body.data.attributes.rows[0].errors[0]).toMatchObject({ code: 'maxLength', source: { pointer: '/rows/2/Nazwa' }, meta: { params: { row: 2, column: 'Nazwa' } } });

    const kind = await expectError(await upload({ kind: 'referees', content: 'Nazwa\nX\n' }), 422, 'invalidEnum');
    expect(kind.source).toEqual({ parameter: 'kind' });
    await expectError(await upload({ kind: 'clubs', content: 'Nazwa\n' }), 422, 'importFile');
    await expectError(await upload({ kind: 'clubs', content: 'Nazwa\nX\n', fields: { mapping: '[1,2' } }), 422, 'importMapping');
    await expectError(await upload({ kind: 'clubs', content: 'Nazwa\nX\n', fields: { mapping: JSON.stringify({ Nazwa: 'colour' }) } }), 422, 'importMapping');
    await expectError(await upload({ kind: 'fixtures', content: sample('fixtures-ekstraklasa.csv'), fields: { competition_season_id: '999999' } }), 422, 'importTarget');
    const noFile = await fetch(`${api.url}/api/v3/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(noFile.status).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it('refuses a zip bomb by its own error before inflating it, and one that lies about its size while inflating it, with memory flat', async () => {
    const before = await counts();
    // A gigabyte of zeros in the shared strings, deflated to about 1 MB: exceljs alone would hold
    // the gigabyte (and its text twice over) before reading a cell.
    const zeros = await deflatedZeros('xl/sharedStrings.xml', 1024 ** 3, SHARED_STRINGS_HEAD);
    const bomb = zipOf([...workbookParts(), zeros]);
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    const liar = zipOf([...workbookParts(), { ...zeros, size: 4096 }]);
    const rss = () => process.memoryUsage().rss / 1024 / 1024;
    const rss0 = rss();
    for (const [content, lang] of [[bomb, 'en'], [liar, 'pl']] as const) {
      const error = await expectError(await upload({ kind: 'clubs', content, name: 'kluby.xlsx', lang }), 413, 'importFileInflated');
      expect(error).toMatchObject({ status: '413', code: 'importFileInflated', source: { parameter: 'file' }, meta: { params: { max: 100 * 1024 * 1024 } } });
      expect(error.detail).toContain(lang === 'pl' ? '100 MB' : 'more than 100 MB');
    }
    // Loosely (the server runs in this process): nowhere near the gigabyte.
    expect(rss() - rss0).toBeLessThan(200);
    expect(await counts()).toEqual(before);
  });

  it('reads only the first worksheet of a workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('Kluby');
    first.addRow(['Nazwa', 'Miasto']);
    first.addRow(['Klub Pierwszego Arkusza', 'Kraków']);
    const second = workbook.addWorksheet('Stare');
    second.addRow(['Nazwa', 'Miasto']);
    second.addRow(['Klub Drugiego Arkusza', 'Gdańsk']);
    second.addRow(['Inny Klub Drugiego Arkusza', 'Gdynia']);
    const res = await upload({ kind: 'clubs', content: Buffer.from(await workbook.xlsx.writeBuffer()), name: 'kluby.xlsx', dryRun: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes.rows.map((r: { changes: { name: string } }) => r.changes.name)).toEqual(['Klub Pierwszego Arkusza']);
    // The second sheet is not even read: broken, it does not stop the first from importing.
    const rel = (id: string, target: string) => `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="${target}"/>`;
    const parts = workbookParts().map((p) =>
      p.name === 'xl/workbook.xml'
        ? partOf(p.name, '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Kluby" sheetId="1" r:id="rId1"/><sheet name="Stare" sheetId="2" r:id="rId3"/></sheets></workbook>')
        : p.name === 'xl/_rels/workbook.xml.rels'
          ? partOf(p.name, `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'worksheets/sheet1.xml')}${rel('rId3', 'worksheets/sheet2.xml')}<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`)
          : p,
    );
    parts.push(partOf('xl/sharedStrings.xml', `${SHARED_STRINGS_HEAD}Nazwa</t></si></sst>`));
    parts.push(partOf('xl/worksheets/sheet2.xml', '<worksheet><sheetData/></worksheet><<< not a worksheet'));
    const broken = await upload({ kind: 'clubs', content: zipOf(parts), name: 'kluby.xlsx', dryRun: true });
    expect(broken.status, broken.text).toBe(200);
    expect(broken.body.data.attributes.totals.rows).toBe(1);
    expect(broken.body.data.attributes.rows[0]).toMatchObject({ row: 2, matches: [{ column: 'Nazwa', value: 'Legia' }] });
  });

  it('is for staff who may write what the import writes', async () => {
    const viewer = await api.token('viewer');
    const form = multipart({ name: 'k.csv', content: Buffer.from('Nazwa\nX\n') }, { kind: 'clubs' });
    const res = await fetch(`${api.url}/api/v3/imports?dry_run=true`, { method: 'POST', headers: { authorization: `Bearer ${viewer}`, 'content-type': form.contentType }, body: form.body });
    expect(res.status).toBe(403);
  });
});
