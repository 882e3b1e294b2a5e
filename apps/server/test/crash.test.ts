import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { spawnServer, type ChildServer } from './support/child-server';
import { apiClient, freshDatabase, TEST_DB } from './support/test-server';

/**
 * Issue 12, point 6: an instance killed with SIGKILL in the middle of concurrent writes loses no
 * write it acknowledged. Writers count every 201; after a restart every one of them is there.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: ChildServer | undefined;
/** Every server this file started (a retried test starts more): all are stopped at the end. */
const started: ChildServer[] = [];
const spawn = async (env: NodeJS.ProcessEnv) => {
  const child = await spawnServer(env);
  started.push(child);
  return child;
};

beforeAll(async () => {
  db = await freshDatabase();
}, 60_000);

afterAll(async () => {
  for (const child of started) {
    child.process.kill('SIGKILL');
    await child.exited;
  }
  await db?.drop();
});

describe(`SIGKILL during concurrent writes on ${TEST_DB}`, () => {
  it('loses no acknowledged write', async () => {
    server = await spawn(db.env);
    const api = apiClient(server.url);
    await api.token('admin');
    const acknowledged: string[] = [];
    const updated = new Map<string, string>();
    let failures = 0;
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const name = `Crash ${w}-${i}`;
        try {
          const res = await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name } } });
          if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
          acknowledged.push(name);
          // Every third record is changed right away: the change must survive as acknowledged too.
          if (i % 3 === 0) {
            const id = res.body.data.id as string;
            const renamed = await api.patch(`/api/v3/tags/${id}`, { data: { type: 'tags', id, attributes: { name: `${name} changed` } } });
            if (renamed.status === 200) updated.set(name, `${name} changed`);
          }
        } catch {
          // Refused or cut off by the kill: not acknowledged, so not counted.
          failures++;
          if (stop) return;
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    // Kill once writes are flowing, in the middle of them.
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 20));
    server.process.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    expect(failures, 'requests cut off by the kill').toBeGreaterThan(0);

    // Restarted on the same database, every acknowledged write is there (and served).
    server = await spawn(db.env);
    const database = openDatabase({
      databaseUrl: db.env.DATABASE_URL || null,
      sqlitePath: `${db.env.DATA_DIR}/umpire.sqlite`,
    });
    try {
      const rows = await database.db.selectFrom('tags').select('name').where('name', 'like', 'Crash %').execute();
      const stored = new Set(rows.map((r) => String(r.name)));
      // A rename cut off by the kill may have committed without its answer: either name is the write.
      const lost = acknowledged.filter((name) => !stored.has(name) && !stored.has(`${name} changed`));
      expect(lost, `${lost.length} of ${acknowledged.length} acknowledged writes lost`).toEqual([]);
      const lostUpdates = [...updated.values()].filter((name) => !stored.has(name));
      expect(lostUpdates).toEqual([]);
    } finally {
      await database.close();
    }
    const after = apiClient(server.url);
    const listed = await after.get('/api/v3/tags?page[size]=1');
    expect(listed.status).toBe(200);
    expect(listed.body.meta.total).toBeGreaterThanOrEqual(acknowledged.length);
  }, 180_000);

  it("loses no acknowledged quiz attempt, though attempts sent together share a commit (SQLite's group commit)", async () => {
    if (server) {
      server.process.kill('SIGKILL');
      await server.exited;
    }
    server = await spawn({ ...db.env, FAN_LIMITS: 'fan=100000/60,address=1000000/60,register=1000000/3600' });
    const api = apiClient(server.url);
    const create = async (type: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) =>
      (await api.post(`/api/v3/${type}`, { data: { type, attributes, relationships } })).body.data.id as string;
    const quiz = await create('quizzes', { title: 'Crash quiz', is_published: true, time_limit_seconds: 600, attempts_per_fan: 1 });
    const question = await create('quiz_questions', { text: 'Pytanie', position: 0 }, { quiz: { data: { type: 'quizzes', id: quiz } } });
    const answer = await create('quiz_answers', { text: 'Tak', is_correct: true, position: 0 }, { quiz_question: { data: { type: 'quiz_questions', id: question } } });
    // Fans who have started, their starts moved back past the fastest possible time.
    const fans = await Promise.all(
      Array.from({ length: 400 }, async (_, i) => {
        const fan = await api.post('/public/v1/fans?client=ekstraklasa-demo', { data: { type: 'fans', attributes: { device_id: `crash-quiz-device-${String(i).padStart(8, '0')}`, display_name: `Kibic ${i}` } } }, { token: null });
        expect(fan.status, fan.text).toBe(201);
        const token = fan.body.meta.token as string;
        const started = await api.post(`/public/v1/quizzes/${quiz}/attempt_starts`, {}, { token });
        expect(started.status, started.text).toBe(201);
        return { token, start: started.body.meta.token as string };
      }),
    );
    const database = openDatabase({ databaseUrl: db.env.DATABASE_URL || null, sqlitePath: `${db.env.DATA_DIR}/umpire.sqlite` });
    try {
      await database.db.updateTable('quiz_attempt_starts').set((eb) => ({ started_at: eb('started_at', '-', 5000) })).where('quiz_id', '=', Number(quiz)).execute();
    } finally {
      await database.close();
    }
    const acknowledged: string[] = [];
    let next = 0;
    const sender = async () => {
      while (next < fans.length) {
        const fan = fans[next++];
        const body = { data: { type: 'quiz_user_attempts', attributes: { answers: [{ question, answers: [answer] }], start_token: fan.start } } };
        try {
          const res = await api.post(`/public/v1/quizzes/${quiz}/attempts`, body, { token: fan.token });
          if (res.status === 201) acknowledged.push(res.body.data.id as string);
        } catch {
          // Cut off by the kill: not acknowledged.
        }
      }
    };
    const senders = Array.from({ length: 24 }, () => sender());
    while (acknowledged.length < 100 && next < fans.length) await new Promise((r) => setTimeout(r, 5));
    server.process.kill('SIGKILL');
    await server.exited;
    await Promise.all(senders);
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);
    expect(acknowledged.length, 'attempts cut off by the kill').toBeLessThan(fans.length);

    server = await spawn(db.env);
    const reopened = openDatabase({ databaseUrl: db.env.DATABASE_URL || null, sqlitePath: `${db.env.DATA_DIR}/umpire.sqlite` });
    try {
      const rows = await reopened.db.selectFrom('quiz_user_attempts').select('id').where('quiz_id', '=', Number(quiz)).execute();
      const stored = new Set(rows.map((r) => String(r.id)));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await reopened.close();
    }
  }, 180_000);
});
