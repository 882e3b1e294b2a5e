import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_NETWORK_ALLOWANCE_MS, QUIZ_TIME_GRACE_MS } from '@umpire/schema';
import { systemClock } from '../src/jobs/clock';
import { submitQuizAttempt } from '../src/quizzes/attempts';
import { rankOf } from '../src/quizzes/ranking';
import { startTestServer, type TestServer } from './support/test-server';

/** Quizzes run as competitions (issue 10): staff build them, fans attempt them, the ranking follows. */
let api: TestServer;
const CLIENT = 'ekstraklasa-demo';
let serial = 0;
const link = (type: string, id: string) => ({ data: { type, id } });

beforeAll(async () => {
  api = await startTestServer({ fanLimits: { fan: { max: 1000, windowSeconds: 60 }, address: { max: 10000, windowSeconds: 60 }, register: { max: 1000, windowSeconds: 3600 } } });
});
afterAll(() => api?.close());

async function create(type: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}, token?: string) {
  const res = await api.post(`/api/v3/${type}`, { data: { type, attributes, relationships } }, token ? { token } : {});
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

/** A published quiz of two questions (the second with two correct answers), open now. */
async function makeQuiz(extra: Record<string, unknown> = {}) {
  const quiz = await create('quizzes', { title: `Quiz ${++serial}`, is_published: true, time_limit_seconds: 60, attempts_per_fan: 1, ...extra });
  const q1 = await create('quiz_questions', { text: 'Kto wygrał Ekstraklasę 2023/24?', position: 0 }, { quiz: link('quizzes', quiz) });
  const q1right = await create('quiz_answers', { text: 'Jagiellonia', is_correct: true, position: 0 }, { quiz_question: link('quiz_questions', q1) });
  const q1wrong = await create('quiz_answers', { text: 'Śląsk', position: 1 }, { quiz_question: link('quiz_questions', q1) });
  const q2 = await create('quiz_questions', { text: 'Które kluby grają w Krakowie?', position: 1 }, { quiz: link('quizzes', quiz) });
  const q2a = await create('quiz_answers', { text: 'Wisła', is_correct: true, position: 0 }, { quiz_question: link('quiz_questions', q2) });
  const q2b = await create('quiz_answers', { text: 'Cracovia', is_correct: true, position: 1 }, { quiz_question: link('quiz_questions', q2) });
  const q2c = await create('quiz_answers', { text: 'Lech', position: 2 }, { quiz_question: link('quiz_questions', q2) });
  return { quiz, q1, q1right, q1wrong, q2, q2a, q2b, q2c };
}

async function fanToken(name = `Kibic ${++serial}`) {
  const res = await api.post(`/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { device_id: `quiz-device-${Date.now().toString(36)}-${++serial}`, display_name: name } } }, { token: null });
  expect(res.status, res.text).toBe(201);
  return res.body.meta.token as string;
}

/** Starts a fan's attempt: its token, or the refusal. */
const start = (quiz: string, token: string | null) => api.post(`/public/v1/quizzes/${quiz}/attempt_starts`, {}, { token });

/**
 * As if the quiz's open starts had begun `ms` ago: they are moved back, their lifetime kept (the
 * server times attempts from them). Answers that moment.
 */
async function elapse(quiz: string, ms: number): Promise<number> {
  const at = Date.now() - ms;
  await api.server.database.db
    .updateTable('quiz_attempt_starts')
    .set((eb) => ({ started_at: at, expires_at: eb(eb('expires_at', '-', eb.ref('started_at')), '+', at) }))
    .where('quiz_id', '=', Number(quiz))
    .where('used_at', 'is', null)
    .execute();
  return at;
}

/** A time the server measured: what was meant, and the moments the requests took. */
const near = (value: number, expected: number) => expect(Math.abs(value - expected), `${value} ≈ ${expected}`).toBeLessThan(1000);

const submit = (quiz: string, answers: { question: string; answers: string[] }[], startToken: string, token: string | null, claimed?: number) =>
  api.post(`/public/v1/quizzes/${quiz}/attempts`, { data: { type: 'quiz_user_attempts', attributes: { answers, start_token: startToken, ...(claimed === undefined ? {} : { time_taken_ms: claimed }) } } }, { token });

/** A whole attempt taking `time` ms: started, that long, sent; the start's refusal when it is refused. */
async function attempt(quiz: string, answers: { question: string; answers: string[] }[], time: number, token: string | null) {
  const started = await start(quiz, token);
  if (started.status !== 201) return started;
  await elapse(quiz, time);
  return submit(quiz, answers, started.body.meta.token, token);
}

describe('building a quiz (staff)', () => {
  it('keeps questions, answers and prizes, and reads them in one include', async () => {
    const q = await makeQuiz();
    await create('quiz_prizes', { name: 'Koszulka', rank_from: 1, rank_to: 1 }, { quiz: link('quizzes', q.quiz) });
    const res = await api.get(`/api/v3/quizzes/${q.quiz}?include=quiz_questions.quiz_answers,quiz_prizes`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ is_published: true, refused_attempts: 0, time_limit_seconds: 60 });
    expect(res.body.included.filter((r: any) => r.type === 'quiz_answers')).toHaveLength(5);
    expect(res.body.included.find((r: any) => r.type === 'quiz_prizes').attributes.name).toBe('Koszulka');
  });

  it('refuses a window that closes before it opens and a prize whose ranks are reversed', async () => {
    const bad = await api.post('/api/v3/quizzes', { data: { type: 'quizzes', attributes: { title: 'Zły', open_from: '2026-05-02T10:00:00Z', open_until: '2026-05-01T10:00:00Z' } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/open_until' }, meta: { key: 'quizWindowOrder' } });
    const q = await makeQuiz();
    const prize = await api.post('/api/v3/quiz_prizes', { data: { type: 'quiz_prizes', attributes: { name: 'X', rank_from: 5, rank_to: 2 }, relationships: { quiz: link('quizzes', q.quiz) } } });
    expect(prize.status).toBe(422);
    expect(prize.body.errors[0].meta.key).toBe('prizeRankOrder');
  });

  it('never lets anyone write attempts or rankings through /api/v3', async () => {
    const q = await makeQuiz();
    const made = await api.post('/api/v3/quiz_user_attempts', { data: { type: 'quiz_user_attempts', attributes: { is_banned: false }, relationships: { quiz: link('quizzes', q.quiz) } } });
    expect(made.status).toBe(404);
    const ranking = await api.post('/api/v3/quiz_rankings', { data: { type: 'quiz_rankings', attributes: {} } });
    expect(ranking.status).toBe(404);
    const patched = await api.patch('/api/v3/quiz_rankings/1', { data: { type: 'quiz_rankings', id: '1', attributes: { rank: 1 } } });
    expect(patched.status).toBe(404);
  });
});

describe('quizzes for fans (/public/v1)', () => {
  it('lists published quizzes with how many questions they have, not the questions, which come with the start and never say which answers are correct', async () => {
    const q = await makeQuiz();
    const draft = await create('quizzes', { title: 'Szkic', is_published: false });
    const res = await api.get(`/public/v1/quizzes?client=${CLIENT}&page[size]=100`, { token: null });
    expect(res.status, res.text).toBe(200);
    const ids = res.body.data.map((d: any) => d.id);
    expect(ids).toContain(q.quiz);
    expect(ids).not.toContain(draft);
    expect(res.text).not.toContain('is_correct');
    const one = await api.get(`/public/v1/quizzes/${q.quiz}?client=${CLIENT}`, { token: null });
    expect(one.status).toBe(200);
    expect(one.body.data.attributes).toMatchObject({ is_open: true, question_count: 2 });
    // Read before the clock runs, the questions could be answered at leisure: they are not there.
    expect(one.body.data.relationships).toBeUndefined();
    expect(JSON.stringify(one.body)).not.toContain('quiz_answers');
    const started = await start(q.quiz, await fanToken());
    expect(started.status, started.text).toBe(201);
    expect(started.body.data.relationships.quiz_questions.data.map((r: any) => r.id)).toEqual([q.q1, q.q2]);
    expect(started.body.included.filter((r: any) => r.type === 'quiz_answers')).toHaveLength(5);
    expect(started.text).not.toContain('is_correct');
    expect((await api.get(`/public/v1/quizzes/${draft}?client=${CLIENT}`, { token: null })).status).toBe(404);
    expect((await api.get('/public/v1/quizzes', { token: null })).status).toBe(400);
  });

  it('scores an attempt: a point per question answered with exactly its correct answers', async () => {
    const q = await makeQuiz();
    const res = await attempt(q.quiz, [{ question: q.q1, answers: [q.q1right] }, { question: q.q2, answers: [q.q2b, q.q2a] }], 9000, await fanToken());
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ score: 2, max_score: 2, rank: 1 });
    near(res.body.data.attributes.time_taken_ms, 9000);
    const half = await attempt(q.quiz, [{ question: q.q1, answers: [q.q1right] }, { question: q.q2, answers: [q.q2a] }], 9000, await fanToken());
    expect(half.body.data.attributes).toMatchObject({ score: 1, rank: 2 });
  });

  it('refuses duplicate and impossible attempts with JSON:API errors, and counts them on the quiz', async () => {
    const q = await makeQuiz();
    const other = await makeQuiz();
    const fan = await fanToken();
    const cases: [string, () => Promise<{ status: number; body: any }>, number, string, string?][] = [
      ['an answer to another quiz’s question', () => attempt(q.quiz, [{ question: other.q1, answers: [other.q1right] }], 9000, fan), 422, 'quizForeignAnswer', '/data/attributes/answers/0/question'],
      ['another question’s answer', () => attempt(q.quiz, [{ question: q.q1, answers: [q.q2a] }], 9000, fan), 422, 'quizForeignAnswer', '/data/attributes/answers/0/answers/0'],
      ['the same question twice', () => attempt(q.quiz, [{ question: q.q1, answers: [q.q1right] }, { question: q.q1, answers: [q.q1wrong] }], 9000, fan), 422, 'quizForeignAnswer'],
      ['a time shorter than possible', () => attempt(q.quiz, [{ question: q.q1, answers: [q.q1right] }], 500, fan), 422, 'quizImpossibleTime', '/data/attributes/time_taken_ms'],
      ['a time beyond the limit', () => attempt(q.quiz, [], 66000, fan), 422, 'quizImpossibleTime'],
      ['sent after its start expired', () => attempt(q.quiz, [], 600000, fan), 422, 'quizStartExpired', '/data/attributes/start_token'],
    ];
    for (const [name, send, status, key, pointer] of cases) {
      const res = await send();
      expect(res.status, name).toBe(status);
      expect(res.body.errors[0].meta.key, name).toBe(key);
      if (pointer) expect(res.body.errors[0].source.pointer, name).toBe(pointer);
    }
    // None of those used the fan's one attempt.
    expect((await attempt(q.quiz, [{ question: q.q1, answers: [q.q1right] }], 9000, fan)).status).toBe(201);
    const second = await attempt(q.quiz, [{ question: q.q1, answers: [q.q1right] }], 9000, fan);
    expect(second.status).toBe(409);
    expect(second.body.errors[0]).toMatchObject({ code: 'quizAttemptLimit', meta: { key: 'quizAttemptLimit', params: { count: 1 } } });
    const quiz = await api.get(`/api/v3/quizzes/${q.quiz}`);
    expect(quiz.body.data.attributes.refused_attempts).toBe(7);
    const attempts = await api.get(`/api/v3/quiz_user_attempts?filter[quiz]=${q.quiz}`);
    expect(attempts.body.meta.total).toBe(1);
  });

  it('refuses attempts outside the window, without a fan token, and malformed ones', async () => {
    const closed = await makeQuiz({ open_from: '2020-01-01T10:00:00Z', open_until: '2020-02-01T10:00:00Z' });
    const fan = await fanToken();
    const late = await attempt(closed.quiz, [], 9000, fan);
    expect(late.status).toBe(422);
    expect(late.body.errors[0].meta.key).toBe('quizClosed');
    const q = await makeQuiz();
    expect((await attempt(q.quiz, [], 9000, null)).status).toBe(401);
    const token = 'a'.repeat(32);
    const bad: [unknown, string][] = [
      [{ data: { type: 'quiz_user_attempts', attributes: { answers: [], start_token: token, time_taken_ms: 'soon' } } }, '/data/attributes/time_taken_ms'],
      [{ data: { type: 'quiz_user_attempts', attributes: { answers: [{ question: 'x', answers: [] }], start_token: token } } }, '/data/attributes/answers/0/question'],
      [{ data: { type: 'quiz_user_attempts', attributes: { answers: [], start_token: token, score: 99 } } }, '/data/attributes/score'],
      [{ data: { type: 'quiz_user_attempts', attributes: { answers: [] } } }, '/data/attributes/start_token'],
      [{ data: { type: 'quiz_user_attempts', attributes: { answers: [], start_token: 'short' } } }, '/data/attributes/start_token'],
      [{ data: { type: 'fans', attributes: {} } }, '/data/type'],
    ];
    for (const [body, pointer] of bad) {
      const res = await api.post(`/public/v1/quizzes/${q.quiz}/attempts`, body, { token: fan });
      expect(res.status, pointer).toBe(422);
      expect(res.body.errors[0].source.pointer).toBe(pointer);
    }
    expect((await api.post(`/public/v1/quizzes/999999/attempts`, { data: { type: 'quiz_user_attempts', attributes: { answers: [], start_token: token } } }, { token: fan })).status).toBe(404);
    expect((await start('999999', fan)).status).toBe(404);
    expect((await api.get(`/api/v3/quizzes/${closed.quiz}`)).body.data.attributes.refused_attempts).toBe(1);
  });
});

describe('attempts timed by the server', () => {
  it('takes the time from the start: a claim may be lower only by the network allowance, never higher', async () => {
    const q = await makeQuiz({ attempts_per_fan: 5 });
    const fan = await fanToken();
    const both = [{ question: q.q1, answers: [q.q1right] }, { question: q.q2, answers: [q.q2a, q.q2b] }];
    const timed = async (ms: number, claimed?: number) => {
      const started = await start(q.quiz, fan);
      expect(started.status, started.text).toBe(201);
      expect(started.body.data).toMatchObject({ type: 'quiz_attempt_starts', relationships: { quiz: { data: { type: 'quizzes', id: q.quiz } } } });
      expect(Date.parse(started.body.data.attributes.expires_at) - Date.parse(started.body.data.attributes.started_at)).toBe(60_000 + QUIZ_TIME_GRACE_MS + QUIZ_NETWORK_ALLOWANCE_MS);
      await elapse(q.quiz, ms);
      const res = await submit(q.quiz, both, started.body.meta.token, fan, claimed);
      expect(res.status, res.text).toBe(201);
      return res.body.data.attributes.time_taken_ms as number;
    };
    // No claim: the server's time.
    near(await timed(20_000), 20_000);
    // A script claiming the minimum gets the server's time less the allowance at best.
    near(await timed(20_000, 2_000), 20_000 - QUIZ_NETWORK_ALLOWANCE_MS);
    // An honest claim a little under the server's (its answer took a moment to arrive) is believed.
    near(await timed(20_000, 19_500), 19_500);
    // A claim longer than the server measured is not.
    near(await timed(20_000, 50_000), 20_000);
  });

  it('uses a start once, for its own fan and quiz; starting again keeps the first start’s clock', async () => {
    const q = await makeQuiz({ attempts_per_fan: 3 });
    const other = await makeQuiz();
    const [ala, bartek] = [await fanToken('Ala'), await fanToken('Bartek')];
    const answers = [{ question: q.q1, answers: [q.q1right] }];
    const first = await start(q.quiz, ala);
    const began = await elapse(q.quiz, 10_000);
    // A reload mid-quiz: a new token, the same clock; the old token is gone.
    const again = await start(q.quiz, ala);
    expect(Date.parse(again.body.data.attributes.started_at)).toBe(began);
    const gone = await submit(q.quiz, answers, first.body.meta.token, ala);
    expect(gone.status).toBe(422);
    expect(gone.body.errors[0]).toMatchObject({ code: 'quizStartInvalid', source: { pointer: '/data/attributes/start_token' } });
    // Another fan's token, or this one for another quiz: not theirs.
    expect((await submit(q.quiz, answers, again.body.meta.token, bartek)).body.errors[0].code).toBe('quizStartInvalid');
    expect((await submit(other.quiz, [{ question: other.q1, answers: [other.q1right] }], again.body.meta.token, ala)).body.errors[0].code).toBe('quizStartInvalid');
    // Used once; the same token again (a replay) is refused.
    const sent = await submit(q.quiz, answers, again.body.meta.token, ala);
    expect(sent.status, sent.text).toBe(201);
    expect(Math.abs(sent.body.data.attributes.time_taken_ms - 10_000)).toBeLessThan(1000);
    const replay = await submit(q.quiz, answers, again.body.meta.token, ala);
    expect(replay.status).toBe(409);
    expect(replay.body.errors[0].code).toBe('quizStartUsed');
    // A token that was never given.
    expect((await submit(q.quiz, answers, 'b'.repeat(32), ala)).body.errors[0].code).toBe('quizStartInvalid');
    expect((await api.get(`/api/v3/quiz_user_attempts?filter[quiz]=${q.quiz}`)).body.meta.total).toBe(1);
  });

  it('refuses a start when the quiz is closed or the fan has no attempt left, and counts it', async () => {
    const closed = await makeQuiz({ open_from: '2020-01-01T10:00:00Z', open_until: '2020-02-01T10:00:00Z' });
    const fan = await fanToken();
    const late = await start(closed.quiz, fan);
    expect(late.status).toBe(422);
    expect(late.body.errors[0].code).toBe('quizClosed');
    const q = await makeQuiz();
    expect((await attempt(q.quiz, [{ question: q.q1, answers: [q.q1right] }], 5000, fan)).status).toBe(201);
    const none = await start(q.quiz, fan);
    expect(none.status).toBe(409);
    expect(none.body.errors[0].code).toBe('quizAttemptLimit');
    expect((await start(q.quiz, null)).status).toBe(401);
    expect((await api.get(`/api/v3/quizzes/${q.quiz}`)).body.data.attributes.refused_attempts).toBe(1);
    expect((await api.get(`/api/v3/quizzes/${closed.quiz}`)).body.data.attributes.refused_attempts).toBe(1);
  });

  it("follows staff's changes to a quiz between fans' calls: its window, attempts per fan, questions and answers (kept in memory until they change)", async () => {
    const q = await makeQuiz();
    const [ala, bartek] = [await fanToken('Ala'), await fanToken('Bartek')];
    expect((await attempt(q.quiz, [{ question: q.q1, answers: [q.q1right] }], 5000, ala)).status).toBe(201);
    expect((await start(q.quiz, ala)).body.errors[0].code).toBe('quizAttemptLimit');
    // One more attempt each: Ala may start again.
    expect((await api.patch(`/api/v3/quizzes/${q.quiz}`, { data: { type: 'quizzes', id: q.quiz, attributes: { attempts_per_fan: 2 } } })).status).toBe(200);
    const again = await start(q.quiz, ala);
    expect(again.status, again.text).toBe(201);
    // A question added meanwhile counts in the key: answering it is no foreign answer, and it scores.
    const q3 = await create('quiz_questions', { text: 'Ile drużyn gra w Ekstraklasie?', position: 2 }, { quiz: link('quizzes', q.quiz) });
    const q3right = await create('quiz_answers', { text: '18', is_correct: true, position: 0 }, { quiz_question: link('quiz_questions', q3) });
    await elapse(q.quiz, 10_000);
    const sent = await submit(q.quiz, [{ question: q.q1, answers: [q.q1right] }, { question: q3, answers: [q3right] }], again.body.meta.token, ala);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.data.attributes).toMatchObject({ score: 2, max_score: 3 });
    // An answer made correct later scores for the next attempt; one deleted is foreign from then on.
    expect((await api.patch(`/api/v3/quiz_answers/${q.q1wrong}`, { data: { type: 'quiz_answers', id: q.q1wrong, attributes: { is_correct: true } } })).status).toBe(200);
    const b = await start(q.quiz, bartek);
    // The start shows the questions and answers as they are now (they are kept in memory between starts).
    const shown = (res: typeof b) => res.body.included.map((x: { type: string; id: string }) => `${x.type}:${x.id}`);
    expect(shown(b)).toEqual(expect.arrayContaining([`quiz_questions:${q3}`, `quiz_answers:${q3right}`]));
    await elapse(q.quiz, 10_000);
    const scored = await submit(q.quiz, [{ question: q.q1, answers: [q.q1right, q.q1wrong] }], b.body.meta.token, bartek);
    expect(scored.body.data.attributes, scored.text).toMatchObject({ score: 1, max_score: 3 });
    expect((await api.delete(`/api/v3/quiz_answers/${q3right}`)).status).toBe(204);
    expect((await api.patch(`/api/v3/quiz_questions/${q3}`, { data: { type: 'quiz_questions', id: q3, attributes: { text: 'Ile klubów gra w Ekstraklasie?' } } })).status).toBe(200);
    const b2 = await start(q.quiz, bartek);
    expect(shown(b2)).not.toContain(`quiz_answers:${q3right}`);
    expect(b2.body.included.find((x: { type: string; id: string }) => x.type === 'quiz_questions' && x.id === q3).attributes.text).toBe('Ile klubów gra w Ekstraklasie?');
    await elapse(q.quiz, 10_000);
    const foreign = await submit(q.quiz, [{ question: q3, answers: [q3right] }], b2.body.meta.token, bartek);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].code).toBe('quizForeignAnswer');
    // Closed, then unpublished: refused at once.
    expect((await api.patch(`/api/v3/quizzes/${q.quiz}`, { data: { type: 'quizzes', id: q.quiz, attributes: { open_until: '2021-01-01T00:00:00Z', open_from: '2020-01-01T00:00:00Z' } } })).status).toBe(200);
    expect((await start(q.quiz, bartek)).body.errors[0].code).toBe('quizClosed');
    expect((await api.patch(`/api/v3/quizzes/${q.quiz}`, { data: { type: 'quizzes', id: q.quiz, attributes: { is_published: false } } })).status).toBe(200);
    expect((await start(q.quiz, bartek)).status).toBe(404);
  });

  it('takes one attempt of two sent at once with the same token', async () => {
    const q = await makeQuiz({ attempts_per_fan: 2 });
    const fan = await fanToken();
    const started = await start(q.quiz, fan);
    await elapse(q.quiz, 5000);
    const answers = [{ question: q.q1, answers: [q.q1right] }];
    const results = await Promise.all([submit(q.quiz, answers, started.body.meta.token, fan), submit(q.quiz, answers, started.body.meta.token, fan)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await api.get(`/api/v3/quiz_user_attempts?filter[quiz]=${q.quiz}`)).body.meta.total).toBe(1);
  });

  it('checks attempts sent together (one commit on SQLite) one by one: a start sent twice counts once, a refused attempt is undone alone and its start stays unused', async () => {
    const q = await makeQuiz({ attempts_per_fan: 2 });
    const other = await makeQuiz();
    const names = ['Ala', 'Bartek', 'Celina'].map((n) => `${n} ${++serial}`);
    const tokens = await Promise.all(names.map((n) => fanToken(n)));
    const starts = await Promise.all(tokens.map(async (t) => (await start(q.quiz, t)).body.meta.token as string));
    await elapse(q.quiz, 5000);
    const { database, bus } = api.server;
    const [ala, bartek, celina] = await Promise.all(
      names.map(async (n) => {
        const fan = await database.db.selectFrom('fans').select(['id', 'client_id', 'display_name']).where('display_name', '=', n).executeTakeFirstOrThrow();
        return { id: Number(fan.id), clientId: Number(fan.client_id), kind: 'device' as const, displayName: fan.display_name as string, isBanned: false };
      }),
    );
    const right = [{ question: q.q1, answers: [q.q1right] }];
    const body = (startToken: string, answers: { question: string; answers: string[] }[]) => ({ data: { type: 'quiz_user_attempts', attributes: { answers, start_token: startToken } } });
    const committed: number[] = [];
    const stop = database.versions.onCommit((written) => void (written.has('quiz_user_attempts') && committed.push(1)));
    // In one event-loop turn: SQLite writes them in one transaction, each in its own savepoint.
    const deps = { database, clock: systemClock, bus };
    const results = await Promise.allSettled([
      submitQuizAttempt(deps, ala, q.quiz, body(starts[0], right)),
      submitQuizAttempt(deps, ala, q.quiz, body(starts[0], right)),
      submitQuizAttempt(deps, bartek, q.quiz, body(starts[1], [{ question: other.q1, answers: [other.q1right] }])),
      submitQuizAttempt(deps, celina, q.quiz, body(starts[2], right)),
    ]);
    stop();
    const outcome = (r: PromiseSettledResult<{ rank: number }>) => (r.status === 'fulfilled' ? 'kept' : (r.reason as { errors: { id: string }[] }).errors[0].id);
    // Ala's start sent twice: one of the two is kept (with PostgreSQL either may come first).
    const outcomes = results.map(outcome);
    expect([outcomes.slice(0, 2).sort(), ...outcomes.slice(2)]).toEqual([['kept', 'quizStartUsed'], 'quizForeignAnswer', 'kept']);
    expect(committed.length).toBe(database.dialect === 'sqlite' ? 1 : 2);
    // Bartek's start was taken by his refused attempt, and given back with it: it still works, once.
    expect((await submit(q.quiz, right, starts[1], tokens[1])).status).toBe(201);
    const attempts = await api.get(`/api/v3/quiz_user_attempts?filter[quiz]=${q.quiz}`);
    expect(attempts.body.meta.total).toBe(3);
    const refused = await api.get(`/api/v3/quizzes/${q.quiz}`);
    expect(refused.body.data.attributes.refused_attempts).toBe(2);
  });
});

describe('the ranking', () => {
  it('orders by score, then time, then the earlier attempt; a ban takes an attempt out and the next fan moves up', async () => {
    const q = await makeQuiz();
    const all = [{ question: q.q1, answers: [q.q1right] }, { question: q.q2, answers: [q.q2a, q.q2b] }];
    const one = [{ question: q.q1, answers: [q.q1right] }];
    const sent: [string, typeof all, number][] = [
      ['Ala', one, 5000],
      ['Bartek', all, 20000],
      ['Celina', all, 10000],
      ['Darek', all, 10000],
    ];
    const ids: Record<string, string> = {};
    for (const [name, answers, time] of sent) {
      const res = await attempt(q.quiz, answers, time, await fanToken(name));
      expect(res.status, res.text).toBe(201);
      ids[name] = res.body.data.id;
    }
    // The server timed Celina and Darek to the millisecond it saw; the same time makes the tie the order breaks.
    await api.server.database.db.updateTable('quiz_user_attempts').set({ time_taken_ms: 10_000 }).where('id', 'in', [Number(ids.Celina), Number(ids.Darek)]).execute();
    const ranking = async () => {
      const res = await api.get(`/api/v3/quiz_rankings?filter[quiz]=${q.quiz}&sort=rank&page[size]=2`);
      expect(res.status, res.text).toBe(200);
      return res;
    };
    const first = await ranking();
    expect(first.body.meta.total).toBe(4);
    expect(first.body.data.map((r: any) => [r.attributes.rank, r.attributes.fan_name])).toEqual([[1, 'Celina'], [2, 'Darek']]);
    expect(first.body.data[0].relationships.quiz_user_attempt.data.id).toBe(ids.Celina);
    const page2 = await api.get(`/api/v3/quiz_rankings?filter[quiz]=${q.quiz}&sort=rank&page[size]=2&page[number]=2`);
    expect(page2.body.data.map((r: any) => r.attributes.fan_name)).toEqual(['Bartek', 'Ala']);
    // A ranking page is read along the attempts' index; any other query goes through the view, with the same places.
    const viaView = await api.get(`/api/v3/quiz_rankings?filter[quiz]=${q.quiz}&filter[rank][gte]=1&sort=rank&page[size]=10`);
    const viaIndex = await api.get(`/api/v3/quiz_rankings?filter[quiz]=${q.quiz}&page[size]=10`);
    expect(viaIndex.body.data).toEqual(viaView.body.data);
    expect(viaIndex.body.meta.total).toBe(viaView.body.meta.total);
    const row = await api.get(`/api/v3/quiz_rankings/${ids.Bartek}?include=quiz_user_attempt`);
    expect(row.body.data.attributes.rank).toBe(3);
    expect(row.body.included[0]).toMatchObject({ type: 'quiz_user_attempts', id: ids.Bartek });

    // Only roles that may moderate flip the ban.
    for (const user of ['viewer', 'editor']) {
      const refused = await api.patch(`/api/v3/quiz_user_attempts/${ids.Celina}`, { data: { type: 'quiz_user_attempts', id: ids.Celina, attributes: { is_banned: true } } }, { token: await api.token(user) });
      expect(refused.status, user).toBe(403);
    }
    const banned = await api.patch(`/api/v3/quiz_user_attempts/${ids.Celina}`, { data: { type: 'quiz_user_attempts', id: ids.Celina, attributes: { is_banned: true } } }, { token: await api.token('moderator') });
    expect(banned.status, banned.text).toBe(200);
    expect(banned.body.data.attributes.is_banned).toBe(true);
    const after = await ranking();
    expect(after.body.meta.total).toBe(3);
    expect(after.body.data.map((r: any) => [r.attributes.rank, r.attributes.fan_name])).toEqual([[1, 'Darek'], [2, 'Bartek']]);
    // Staff cannot change what a fan answered.
    const rewrite = await api.patch(`/api/v3/quiz_user_attempts/${ids.Ala}`, { data: { type: 'quiz_user_attempts', id: ids.Ala, attributes: { score: 9 } } });
    expect(rewrite.status).toBe(422);
    expect(rewrite.body.errors[0].meta.key).toBe('readOnly');
    // Deleting an attempt takes it out as well; deleting the quiz takes its attempts with it.
    expect((await api.delete(`/api/v3/quiz_user_attempts/${ids.Darek}`, { token: await api.token('moderator') })).status).toBe(204);
    expect((await ranking()).body.data[0].attributes.fan_name).toBe('Bartek');
    expect((await api.delete(`/api/v3/quizzes/${q.quiz}`)).status).toBe(204);
    expect((await api.get(`/api/v3/quiz_rankings?filter[quiz]=${q.quiz}`)).body.meta.total).toBe(0);
  });

  it('reads every page of a large ranking as the view orders it, across scores, seconds, ties, bans and deletes', async () => {
    const q = await makeQuiz();
    const { db, dialect } = api.server.database;
    const flag = (v: boolean) => (dialect === 'postgres' ? v : v ? 1 : 0);
    const clientId = Number((await api.get('/api/v3/client')).body.data.id);
    const stamp = (ms: number) => (dialect === 'postgres' ? new Date(ms) : new Date(ms).toISOString());
    const base = Date.parse('2026-03-01T12:00:00Z');
    // Bulk-loaded rows (as the benchmark loads them): the buckets follow any write, not only the fan API's.
    const fans = await db
      .insertInto('fans')
      .values(Array.from({ length: 150 }, (_, i) => ({ client_id: clientId, kind: 'device', device_id: `ranking-pages-${serial}-${i}`, display_name: `Kibic ${i}`, is_banned: flag(false), created_at: stamp(base), updated_at: stamp(base) })))
      .returning('id')
      .execute();
    const attempts = await db
      .insertInto('quiz_user_attempts')
      .values(
        fans.map((f, i) => ({
          client_id: clientId, quiz_id: Number(q.quiz), fan_id: Number(f.id), fan_name: `Kibic ${i}`, score: (i * 7) % 3, max_score: 2,
          // Many in one second, some at the same millisecond and the same moment (then the id decides).
          time_taken_ms: 5000 + ((i * 37) % 4) * 1000 + ((i * 13) % 5) * 100, answers: '[]', is_banned: flag(i % 11 === 0),
          submitted_at: stamp(base + (i % 4) * 1000), attempt_number: 1, created_at: stamp(base), updated_at: stamp(base),
        })),
      )
      .returning('id')
      .execute();
    const pages = async (size: number) => {
      // Through the view (a rank filter takes the generic path), in pages of 100.
      const view = (n: number) => api.get(`/api/v3/quiz_rankings?filter[quiz]=${q.quiz}&filter[rank][gte]=1&sort=rank&page[size]=100&page[number]=${n}`);
      const [first, second] = [await view(1), await view(2)];
      expect(first.status, first.text).toBe(200);
      const viaView = [...first.body.data, ...second.body.data];
      const total = first.body.meta.total;
      const read: any[] = [];
      for (let n = 1; n <= Math.ceil(total / size) + 1; n++) {
        const page = await api.get(`/api/v3/quiz_rankings?filter[quiz]=${q.quiz}&sort=rank&page[size]=${size}&page[number]=${n}`);
        expect(page.status, page.text).toBe(200);
        expect(page.body.meta.total).toBe(total);
        read.push(...page.body.data);
      }
      expect(read.map((r) => [r.attributes.rank, r.id])).toEqual(viaView.map((r: any) => [r.attributes.rank, r.id]));
      return read;
    };
    expect((await pages(7)).length).toBe(150 - 14);
    // A ban, an unban and a delete move the places at once.
    const moderator = await api.token('moderator');
    const ban = (id: unknown, is_banned: boolean) => api.patch(`/api/v3/quiz_user_attempts/${id}`, { data: { type: 'quiz_user_attempts', id: String(id), attributes: { is_banned } } }, { token: moderator });
    expect((await ban(attempts[5].id, true)).status).toBe(200);
    expect((await ban(attempts[0].id, false)).status).toBe(200);
    expect((await api.delete(`/api/v3/quiz_user_attempts/${attempts[9].id}`, { token: moderator })).status).toBe(204);
    const after = await pages(10);
    expect(after.length).toBe(150 - 14 - 1);
    expect(after.map((r) => r.id)).toContain(String(attempts[0].id));
    expect(after.map((r) => r.id)).not.toContain(String(attempts[5].id));
    // The place a fan hears after sending (rankOf) is the ranking's, ties included.
    const ranked = await db.selectFrom('quiz_user_attempts').selectAll().where('quiz_id', '=', Number(q.quiz)).where('is_banned', '=', flag(false) as never).execute();
    const places = new Map(after.map((r) => [r.id, r.attributes.rank]));
    expect(await Promise.all(ranked.map((row) => rankOf(db, dialect, row)))).toEqual(ranked.map((row) => places.get(String(row.id))));
    // A fan's new attempt comes back with the place the ranking gives it.
    const all = [{ question: q.q1, answers: [q.q1right] }, { question: q.q2, answers: [q.q2a, q.q2b] }];
    const made = await attempt(q.quiz, all, 6050, await fanToken('Nowy'));
    expect(made.status, made.text).toBe(201);
    const placed = (await pages(25)).find((r) => r.id === made.body.data.id);
    expect(made.body.data.attributes.rank).toBe(placed.attributes.rank);
  });

  it('is what a quiz component of a page delivers through /current_page, published quizzes only outside previews', async () => {
    const q = await makeQuiz();
    const type = await create('page_types', { name: `Quizy ${++serial}`, kind: 'simple', visibility: ['web'] });
    const pageRes = await api.post('/api/v3/pages', { data: { type: 'pages', attributes: { title: `Quiz ${serial}`, slug: `quiz-${serial}`, status: 'published' }, relationships: { page_type: link('page_types', type) } } });
    expect(pageRes.status, pageRes.text).toBe(201);
    const slug = pageRes.body.data.attributes.slug;
    const component = await api.post('/api/v3/components', {
      data: { type: 'components', attributes: { kind: 'quiz', index: 0, settings: { title: 'Zagraj' } }, relationships: { page: link('pages', pageRes.body.data.id), quiz: link('quizzes', q.quiz) } },
    });
    expect(component.status, component.text).toBe(201);
    const read = async (query = '') => {
      const res = await api.get(`/api/v3/current_page?slug=${slug}${query}`, { headers: { 'cache-control': 'no-cache' } });
      expect(res.status, res.text).toBe(200);
      const comp = res.body.included.find((r: any) => r.type === 'components');
      return { link: comp.relationships.quiz.data, quiz: res.body.included.find((r: any) => r.type === 'quizzes') };
    };
    const published = await read();
    expect(published.link).toEqual({ type: 'quizzes', id: q.quiz });
    expect(published.quiz.attributes.title).toMatch(/^Quiz /);
    // Unpublished: readers see an empty link, editors' previews still see the quiz.
    expect((await api.patch(`/api/v3/quizzes/${q.quiz}`, { data: { type: 'quizzes', id: q.quiz, attributes: { is_published: false } } })).status).toBe(200);
    const hidden = await read();
    expect(hidden.link).toBeNull();
    expect(hidden.quiz).toBeUndefined();
    expect((await read('&preview=true')).link).toEqual({ type: 'quizzes', id: q.quiz });
    // A quiz shown on a page cannot be deleted from under it.
    expect((await api.delete(`/api/v3/quizzes/${q.quiz}`)).status).toBe(409);
  });
});

describe('demo quizzes', () => {
  it('are seeded in Polish with attempts made through the quiz service, one banned and one refused', async () => {
    const list = await api.get('/api/v3/quizzes?filter[q]=Historia Ekstraklasy');
    const history = list.body.data[0];
    expect(history.attributes).toMatchObject({ title: 'Historia Ekstraklasy', is_published: true, refused_attempts: 1 });
    const ranking = await api.get(`/api/v3/quiz_rankings?filter[quiz]=${history.id}&page[size]=3`);
    expect(ranking.body.meta.total).toBe(30);
    expect(ranking.body.data.map((r: any) => r.attributes.rank)).toEqual([1, 2, 3]);
    expect(ranking.text).not.toContain('Szybki Bill');
    const banned = await api.get(`/api/v3/quiz_user_attempts?filter[quiz]=${history.id}&filter[is_banned]=true&include=quiz`);
    expect(banned.body.data.map((a: any) => a.attributes.fan_name)).toEqual(['Szybki Bill']);
    expect(banned.body.included[0].id).toBe(history.id);
    // Another league sees none of it.
    expect((await api.get(`/api/v3/quiz_user_attempts/${banned.body.data[0].id}`, { token: await api.token('other-admin') })).status).toBe(404);
  });
});
