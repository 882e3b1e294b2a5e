import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, incidentBody, type MatchFixture } from './support/fixtures';
import { startTestServer, type ApiResponse, type TestServer } from './support/test-server';

/** Error titles and details follow Accept-Language (pl, en; English otherwise); keys and the rest do not change. */
let api: TestServer;
let match: MatchFixture;
beforeAll(async () => {
  api = await startTestServer({ bodyLimit: 16 * 1024 });
  match = await createMatch(api);
});
afterAll(() => api?.close());

const invalidClub = { data: { type: 'clubs', attributes: { name: 'Języki FC', code: 'A', founded: 1500 } } };
const withLanguage = (lang: string | null) => (lang === null ? {} : { headers: { 'accept-language': lang } });

/** Everything but the texts, which must be the same in every language. */
const shape = (res: ApiResponse) => ({
  status: res.status,
  errors: res.body.errors.map(({ title: _t, detail: _d, ...rest }: Record<string, unknown>) => rest),
});
const detailAt = (res: ApiResponse, pointer: string) => res.body.errors.find((e: any) => e.source?.pointer === pointer)?.detail;

describe('error texts in the language of the request', () => {
  it('writes title and detail of validation errors in Polish or English with the bounds filled in', async () => {
    const pl = await api.post('/api/v3/clubs', invalidClub, withLanguage('pl'));
    const en = await api.post('/api/v3/clubs', invalidClub, withLanguage('en'));
    expect(pl.status).toBe(422);
    expect(pl.body.errors[0].title).toBe('Nieprawidłowe dane');
    expect(detailAt(pl, '/data/attributes/code')).toBe('Pole „code” musi mieć co najmniej 2 znaki.');
    expect(detailAt(pl, '/data/attributes/founded')).toBe('Pole „founded” musi mieć wartość co najmniej 1800.');
    expect(en.body.errors[0].title).toBe('Invalid data');
    expect(detailAt(en, '/data/attributes/code')).toBe('code must have at least 2 characters.');
    expect(detailAt(en, '/data/attributes/founded')).toBe('founded must be at least 1800.');
    expect(shape(pl)).toEqual(shape(en));
    expect(pl.body.errors.find((e: any) => e.meta.key === 'minLength').meta.params).toEqual({ min: 2 });
    expect(pl.headers.get('vary')).toContain('Accept-Language');
  });

  it('answers in English without Accept-Language, and ranks the languages a browser sends', async () => {
    const none = await api.post('/api/v3/clubs', invalidClub, withLanguage(null));
    const en = await api.post('/api/v3/clubs', invalidClub, withLanguage('en-GB,en;q=0.9'));
    expect(none.body).toEqual(en.body);
    const ranked = await api.post('/api/v3/clubs', invalidClub, withLanguage('de-DE, pl-PL;q=0.8, en;q=0.5'));
    expect(detailAt(ranked, '/data/attributes/code')).toBe('Pole „code” musi mieć co najmniej 2 znaki.');
    const unknown = await api.post('/api/v3/clubs', invalidClub, withLanguage('fr, de;q=0.5'));
    expect(unknown.body).toEqual(en.body);
  });

  it('translates match rules with their minutes and halves', async () => {
    const body = incidentBody(match, { incident_type: 'yellow_card', occurrence_half: 1, occurrence_minute: 70 }, { squad: match.homeSquad });
    const pl = await api.post('/api/v3/incidents', body, withLanguage('pl'));
    const en = await api.post('/api/v3/incidents', body, withLanguage('en'));
    expect(pl.status).toBe(422);
    expect(detailAt(pl, '/data/attributes/occurrence_minute')).toBe('Pole „occurrence_minute” musi mieć wartość od 0 do 45 w 1. połowie.');
    expect(detailAt(en, '/data/attributes/occurrence_minute')).toBe('occurrence_minute must be from 0 to 45 in half 1.');
    expect(shape(pl)).toEqual(shape(en));
  });

  it('translates every other kind of error: routes, bodies, headers, parameters, rights and sign-in', async () => {
    const viewer = await api.token('viewer');
    const club = (await api.get('/api/v3/clubs?page[size]=1')).body.data[0];
    const cases: [name: string, send: (headers: Record<string, string>) => Promise<ApiResponse>, status: number, polish: string][] = [
      ['unknown route', (h) => api.get('/api/v3/nothing-here', { headers: h }), 404, 'Pod adresem GET /api/v3/nothing-here nic nie ma.'],
      ['unknown record', (h) => api.get('/api/v3/clubs/99999', { headers: h }), 404, 'Nie ma pozycji clubs o identyfikatorze "99999".'],
      ['malformed JSON', (h) => api.request('POST', '/api/v3/clubs', { rawBody: '{"data":', headers: h }), 400, 'Treść żądania nie jest poprawnym JSON-em.'],
      ['body too large', (h) => api.request('POST', '/api/v3/clubs', { rawBody: JSON.stringify({ pad: 'x'.repeat(20_000) }), headers: h }), 413, 'Treść żądania jest za duża.'],
      ['media type parameters', (h) => api.request('POST', '/api/v3/clubs', { rawBody: '{}', contentType: 'application/vnd.api+json; ext=x', headers: h }), 415, 'Typ application/vnd.api+json nie przyjmuje parametrów.'],
      ['unknown filter', (h) => api.get('/api/v3/clubs?filter[nope]=1', { headers: h }), 400, 'Listy clubs nie można filtrować według „nope”.'],
      ['page size', (h) => api.get('/api/v3/clubs?page[size]=1000', { headers: h }), 400, 'Parametr page[size] musi być liczbą całkowitą od 1 do 100.'],
      ['bad Idempotency-Key', (h) => api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: 'x' } } }, { headers: { ...h, 'idempotency-key': 'bad key' } }), 400, 'Nagłówek Idempotency-Key musi mieć od 1 do 255 widocznych znaków ASCII.'],
      ['no token', (h) => api.get('/api/v3/clubs', { token: null, headers: h }), 401, 'Najpierw się zaloguj: to wywołanie wymaga ważnego tokenu.'],
      ['broken token', (h) => api.get('/api/v3/clubs', { token: 'not-a-token', headers: h }), 401, 'Token jest nieprawidłowy.'],
      ['role', (h) => api.delete(`/api/v3/clubs/${club.id}`, { token: viewer, headers: h }), 403, 'Twoja rola nie pozwala na usuwanie w zasobie clubs.'],
      ['type conflict', (h) => api.post('/api/v3/clubs', { data: { type: 'teams', attributes: {} } }, { headers: h }), 409, 'Typ "teams" nie odpowiada typowi clubs.'],
      ['sign-in fields', (h) => api.post('/auth/v1/sign_in', { data: { type: 'sign_in', attributes: { username: 'admin' } } }, { token: null, headers: h }), 422, 'Pole „password” jest wymagane.'],
      ['wrong password', (h) => api.post('/auth/v1/sign_in', { data: { type: 'sign_in', attributes: { username: 'nobody', password: 'x' } } }, { token: null, headers: h }), 401, 'Nieprawidłowa nazwa użytkownika lub hasło.'],
    ];
    for (const [name, send, status, polish] of cases) {
      const pl = await send({ 'accept-language': 'pl' });
      const en = await send({ 'accept-language': 'en' });
      expect(pl.status, name).toBe(status);
      expect(pl.body.errors[0].detail, name).toBe(polish);
      expect(en.body.errors[0].detail, name).not.toBe(polish);
      expect(en.body.errors[0].title, name).not.toBe(pl.body.errors[0].title);
      expect(shape(pl), name).toEqual(shape(en));
    }
  });
});
