// A fan plays a quiz: starts an attempt (the server's clock starts), answers each question, and
// submits; the server scores and times it and says where the fan ranks.
// Run: UMPIRE_URL=http://localhost:8080 UMPIRE_CLIENT=ekstraklasa-demo node fan-quiz.mjs
// UMPIRE_QUIZ_ID picks the quiz; else the published one with the fewest questions.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

const base = `${process.env.UMPIRE_URL ?? 'http://localhost:8080'}/public/v1`;
const client = process.env.UMPIRE_CLIENT ?? 'ekstraklasa-demo';

async function call(method, path, { token, body } = {}) {
  const url = `${base}${path}${path.includes('?') ? '&' : '?'}client=${encodeURIComponent(client)}`;
  const res = await fetch(url, {
    method,
    headers: {
      accept: 'application/vnd.api+json',
      ...(body ? { 'content-type': 'application/vnd.api+json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body && JSON.stringify(body),
  });
  const doc = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(doc.errors)}`);
  return doc;
}

// 1. The quiz: published ones only, never which answers are correct.
const quizzes = (await call('GET', '/quizzes')).data;
const count = (q) => q.relationships?.quiz_questions?.data?.length ?? Infinity;
const quiz = process.env.UMPIRE_QUIZ_ID ? quizzes.find((q) => q.id === process.env.UMPIRE_QUIZ_ID) : quizzes.toSorted((a, b) => count(a) - count(b))[0];
if (!quiz) throw new Error('no published quiz');
console.log(`quiz ${quiz.id}: ${quiz.attributes.title} (${quiz.attributes.time_limit_seconds} s)`);

// 2. A fan (a device here; see fan-prediction.mjs for registering with a proof of work).
const fan = await call('POST', '/fans', { body: { data: { type: 'fans', attributes: { device_id: `example-${randomUUID()}` } } } });
const token = fan.meta.token;

// 3. The start: the questions and their answers to show, and the token the attempt sends back.
const start = await call('POST', `/quizzes/${quiz.id}/attempt_starts`, { token, body: {} });
const byId = new Map(start.included.map((r) => [`${r.type}:${r.id}`, r]));
const questions = start.data.relationships.quiz_questions.data.map((ref) => byId.get(`quiz_questions:${ref.id}`));
console.log(`started at ${start.data.attributes.started_at}, ${questions.length} questions, until ${start.data.attributes.expires_at}`);

// 4. The fan answers: here always the first answer. A real fan takes a moment per question; the
// server refuses an attempt faster than a second per question.
const answers = questions.map((question) => {
  const first = byId.get(`quiz_answers:${question.relationships.quiz_answers.data[0].id}`);
  console.log(`  ${question.attributes.text} → ${first.attributes.text}`);
  return { question: question.id, answers: [first.id] };
});
await sleep(questions.length * 1000 + 500);

// 5. The attempt: scored, timed by the server from its start, ranked.
const attempt = await call('POST', `/quizzes/${quiz.id}/attempts`, {
  token,
  body: { data: { type: 'quiz_user_attempts', attributes: { start_token: start.meta.token, answers } } },
});
const a = attempt.data.attributes;
console.log(`attempt ${attempt.data.id}: ${a.score}/${a.max_score} in ${(a.time_taken_ms / 1000).toFixed(1)} s, rank ${a.rank}`);
