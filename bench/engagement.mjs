#!/usr/bin/env node
// Fan engagement benchmark (issue 10: surveys and comments), on SQLite.
//
//   node --import tsx bench/engagement.mjs     options: --fans 500 --duration 5 --connections 10
//
// The real server runs in a child process (bench/support/serve.ts, demo data, a small bulk set).
// Through the fan API, --fans fans each answer a survey of three questions and post a comment on
// one article; the benchmark prints:
//   (a) POST /public/v1/survey_user_answers one at a time: latency percentiles and SQL statements;
//   (b) GET /api/v3/surveys/{id}/results with every answer counted, under load: req/s, percentiles;
//   (c) GET /public/v1/comments of that article (post-moderation: all shown), under load.
// Timings never fail the run; only a crash does (exit code 1).
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fmt, percentile, running, signIn, startChild } from './support/child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const autocannon = createRequire(join(ROOT, 'apps/server/package.json'))('autocannon');
const { values: opts } = parseArgs({ options: { fans: { type: 'string', default: '500' }, duration: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } } });
const FANS = Number(opts.fans);

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-engagement-'));
const server = await startChild(join(ROOT, 'bench/support/serve.ts'), {
  // Every fan registers from this one address: the limits are lifted for the run.
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', PUBLIC_QUERY_COUNTS: 'true', BENCH_ROWS: '1000', FAN_LIMITS: `register=${FANS * 4}/3600,address=${FANS * 20}/60` },
  cwd: ROOT,
  name: 'api',
});
const stopAll = async () => {
  for (const r of [...running]) await r.stop();
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => stopAll().then(() => process.exit(130)));

async function load(url, headers) {
  const latencies = [];
  await new Promise((done, fail) => {
    const instance = autocannon({ url, connections: Number(opts.connections), duration: Number(opts.duration), headers: { accept: 'application/vnd.api+json', ...headers } });
    instance.on('response', (_c, status, _b, ms) => (status === 200 ? latencies.push(ms) : fail(new Error(`status ${status}`))));
    instance.on('done', done);
    instance.on('error', fail);
  });
  return `${fmt(latencies.length / Number(opts.duration))} req/s over ${opts.connections} connections; p50 ${fmt(percentile(latencies, 50), 2)} ms, p99 ${fmt(percentile(latencies, 99), 2)} ms`;
}

try {
  const url = server.info.url;
  const staff = await signIn(url);
  const call = async (method, path, body, token = staff) => {
    const t0 = performance.now();
    const res = await fetch(url + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), accept: 'application/vnd.api+json', 'content-type': 'application/vnd.api+json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return { body: text ? JSON.parse(text) : null, ms: performance.now() - t0, queries: Number(res.headers.get('x-db-queries') || 0) };
  };
  const create = async (path, type, attributes, relationships = {}) => (await call('POST', `/api/v3/${path}`, { data: { type, attributes, relationships } })).body.data.id;
  const link = (type, id) => ({ data: { type, id: String(id) } });

  const survey = await create('surveys', 'surveys', { title: 'Bench: piłkarz kolejki', status: 'published' });
  const questions = [];
  for (const [i, kind] of ['single', 'multiple', 'text'].entries()) {
    const id = await create('surveys/questions', 'survey_questions', { prompt: `Pytanie ${i + 1}`, kind, position: i + 1 }, { survey: link('surveys', survey) });
    const options = [];
    if (kind !== 'text') for (let o = 0; o < 5; o++) options.push(await create('surveys/answers', 'survey_answers', { text: `Odpowiedź ${o + 1}`, position: o + 1 }, { question: link('survey_questions', id) }));
    questions.push({ id, kind, options });
  }
  await call('PATCH', '/api/v3/client', { data: { type: 'clients', attributes: { settings: { comment_moderation: 'post' } } } });
  const article = (await call('GET', '/public/v1/articles?client=ekstraklasa-demo&page[size]=1', undefined, null)).body.data[0].id;

  const answerMs = [];
  let queries = 0;
  for (let f = 0; f < FANS; f++) {
    const fan = (await call('POST', '/public/v1/fans?client=ekstraklasa-demo', { data: { type: 'fans', attributes: { device_id: `bench-device-${f}-xxxxxxxxxx`, display_name: `Kibic ${f}` } } }, null)).body.meta.token;
    const answers = questions.map((q) =>
      q.kind === 'text' ? { question_id: q.id, text: `Komentarz ${f}` } : { question_id: q.id, answer_ids: q.kind === 'single' ? [q.options[f % 5]] : q.options.filter((_, o) => (f + o) % 3 === 0) },
    );
    const res = await call('POST', '/public/v1/survey_user_answers', { data: { type: 'survey_user_answers', attributes: { answers }, relationships: { survey: link('surveys', survey) } } }, fan);
    answerMs.push(res.ms);
    queries = res.queries;
    await call('POST', '/public/v1/comments', { data: { type: 'comments', attributes: { body: `Dobry mecz ${f}` }, relationships: { article: link('articles', article) } } }, fan);
  }
  console.log(`\nPOST /public/v1/survey_user_answers (${FANS} fans, 3 questions), one at a time: p50 ${fmt(percentile(answerMs, 50), 2)} ms, p99 ${fmt(percentile(answerMs, 99), 2)} ms${queries ? `; ${queries} SQL statements` : ''}`);
  const results = await call('GET', `/api/v3/surveys/${survey}/results`);
  if (results.body.data.attributes.respondents !== FANS) throw new Error(`results count ${results.body.data.attributes.respondents} respondents, not ${FANS}`);
  console.log(`GET /api/v3/surveys/{id}/results (${FANS} respondents), ${results.queries} SQL statements: ${await load(`${url}/api/v3/surveys/${survey}/results`, { authorization: `Bearer ${staff}` })}`);
  console.log(`GET /public/v1/comments?filter[article]= (${FANS} comments, page of 20): ${await load(`${url}/public/v1/comments?client=ekstraklasa-demo&filter[article]=${article}&page[size]=20`, {})}`);
} finally {
  await stopAll();
}
