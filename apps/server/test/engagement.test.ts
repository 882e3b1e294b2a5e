import * as ActionCable from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from './support/test-server';

/** Surveys and comment moderation (issue 10): staff calls, the fan API, and the rules between them. */
let api: TestServer;
const CLIENT = 'ekstraklasa-demo';
let serial = 0;
const link = (type: string, id: string) => ({ data: { type, id } });

async function fanToken(name = 'Kibic testowy', client = CLIENT): Promise<{ token: string; id: string }> {
  const res = await api.post(`/public/v1/fans?client=${client}`, { data: { type: 'fans', attributes: { device_id: `test-device-${Date.now().toString(36)}-${++serial}-xxxx`, display_name: name } } }, { token: null });
  if (res.status !== 201) throw new Error(res.text);
  return { token: res.body.meta.token, id: res.body.data.id };
}

async function create(type: string, path: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}, token?: string) {
  const res = await api.post(`/api/v3/${path}`, { data: { type, attributes, relationships } }, token ? { token } : {});
  if (res.status !== 201) throw new Error(`${type}: ${res.text}`);
  return res.body.data;
}

/** An open survey: a required single-choice question (A, B, C), a multiple one (X, Y) and a free-text one. */
async function openSurvey(extra: Record<string, unknown> = {}) {
  const survey = await create('surveys', 'surveys', { title: `Ankieta ${++serial}`, status: 'published', ...extra });
  const s = link('surveys', survey.id);
  const single = await create('survey_questions', 'surveys/questions', { prompt: 'Kto wygra?', kind: 'single', required: true, position: 1 }, { survey: s });
  const multiple = await create('survey_questions', 'surveys/questions', { prompt: 'Co lubisz?', kind: 'multiple', position: 2 }, { survey: s });
  const text = await create('survey_questions', 'surveys/questions', { prompt: 'Uwagi', kind: 'text', position: 3 }, { survey: s });
  const option = (q: any, t: string, p: number) => create('survey_answers', 'surveys/answers', { text: t, position: p }, { question: link('survey_questions', q.id) });
  const [a, b, c] = [await option(single, 'A', 1), await option(single, 'B', 2), await option(single, 'C', 3)];
  const [x, y] = [await option(multiple, 'X', 1), await option(multiple, 'Y', 2)];
  return { survey, single, multiple, text, a, b, c, x, y };
}

const answerBody = (surveyId: string, answers: unknown) => ({ data: { type: 'survey_user_answers', attributes: { answers }, relationships: { survey: link('surveys', surveyId) } } });

beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

describe('surveys', () => {
  it('announces each new answer on /cable’s ContentChannel, so staff watching the results see them at once', async () => {
    // ActionCable in Node: the ws WebSocket, and no page events to listen to.
    (ActionCable.adapters as { WebSocket: unknown }).WebSocket = WebSocket;
    (globalThis as any).addEventListener ??= () => {};
    (globalThis as any).removeEventListener ??= () => {};
    const consumer = ActionCable.createConsumer(`${api.url.replace('http', 'ws')}/cable?token=${encodeURIComponent(await api.token('viewer'))}`);
    const received: any[] = [];
    try {
      await new Promise<void>((resolve, reject) =>
        consumer.subscriptions.create({ channel: 'API::V3::ContentChannel', type: 'survey_user_answers' }, { connected: () => resolve(), rejected: () => reject(new Error('rejected')), received: (m: any) => received.push(m) }),
      );
      const s = await openSurvey();
      const fan = await fanToken();
      const res = await api.post('/public/v1/survey_user_answers', answerBody(s.survey.id, [{ question_id: s.single.id, answer_ids: [s.c.id] }]), { token: fan.token });
      expect(res.status, res.text).toBe(201);
      const deadline = Date.now() + 10_000;
      while (!received.some((m) => m.id === res.body.data.id)) {
        if (Date.now() > deadline) throw new Error(`no message: ${JSON.stringify(received)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(received.find((m) => m.id === res.body.data.id)).toMatchObject({ action: 'created', type: 'survey_user_answers', actor: `fan:${fan.id}` });
    } finally {
      consumer.disconnect();
    }
  });

  it('takes one answer per fan, counts the results and refuses what does not fit', async () => {
    const s = await openSurvey();
    const fans = [await fanToken(), await fanToken(), await fanToken()];
    const picks = [
      [{ question_id: s.single.id, answer_ids: [s.a.id] }, { question_id: s.multiple.id, answer_ids: [s.x.id, s.y.id] }, { question_id: s.text.id, text: 'Więcej meczów w weekend' }],
      [{ question_id: s.single.id, answer_ids: [s.a.id] }, { question_id: s.multiple.id, answer_ids: [s.y.id] }],
      [{ question_id: s.single.id, answer_ids: [s.b.id] }],
    ];
    for (const [i, answers] of picks.entries()) {
      const res = await api.post('/public/v1/survey_user_answers', answerBody(s.survey.id, answers), { token: fans[i].token });
      expect(res.status, res.text).toBe(201);
      // The fan sees their answers; whose they are, staff see.
      expect(Object.keys(res.body.data.attributes).sort()).toEqual(['answers', 'updated_at']);
      const stored = await api.get(`/api/v3/surveys/user_answers/${res.body.data.id}`);
      expect(stored.body.data.attributes.fan_id).toBe(Number(fans[i].id));
    }
    const again = await api.post('/public/v1/survey_user_answers', answerBody(s.survey.id, picks[2]), { token: fans[2].token });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('surveyAlreadyAnswered');

    const results = await api.get(`/api/v3/surveys/${s.survey.id}/results`);
    expect(results.status, results.text).toBe(200);
    const r = results.body.data.attributes;
    expect(r.respondents).toBe(3);
    expect(r.open).toBe(true);
    expect(r.questions.map((q: any) => q.prompt)).toEqual(['Kto wygra?', 'Co lubisz?', 'Uwagi']);
    expect(r.questions[0].answers.map((a: any) => [a.text, a.count, a.percentage])).toEqual([['A', 2, 66.7], ['B', 1, 33.3], ['C', 0, 0]]);
    expect(r.questions[1].answered).toBe(2);
    expect(r.questions[1].answers.map((a: any) => [a.text, a.count, a.percentage])).toEqual([['X', 1, 50], ['Y', 2, 100]]);
    expect(r.questions[2].texts).toEqual(['Więcej meczów w weekend']);
    expect((await api.get(`/api/v3/surveys/${s.survey.id}`)).body.data.attributes.respondents_count).toBe(3);
    // Staff read them with the ability only.
    expect((await api.get(`/api/v3/surveys/${s.survey.id}/results`, { token: await api.token('viewer') })).status).toBe(200);
    expect((await api.get(`/api/v3/surveys/${s.survey.id}/results`, { token: await api.token('other-admin') })).status).toBe(404);
  });

  it('refuses answers that do not fit the survey, and stores nothing', async () => {
    const s = await openSurvey();
    const other = await openSurvey();
    const fan = await fanToken();
    const cases: [string, unknown, number, string, string][] = [
      ['another survey’s question', [{ question_id: s.single.id, answer_ids: [s.a.id] }, { question_id: other.multiple.id, answer_ids: [other.x.id] }], 422, 'surveyQuestionNotInSurvey', '/data/attributes/answers/1/question_id'],
      ['another question’s option', [{ question_id: s.single.id, answer_ids: [s.x.id] }], 422, 'surveyAnswerNotInQuestion', '/data/attributes/answers/0/answer_ids/0'],
      ['two options of a single choice', [{ question_id: s.single.id, answer_ids: [s.a.id, s.b.id] }], 422, 'surveyAnswerKind', '/data/attributes/answers/0/answer_ids'],
      ['text for a choice', [{ question_id: s.single.id, answer_ids: [s.a.id], text: 'x' }], 422, 'surveyAnswerKind', '/data/attributes/answers/0/text'],
      ['the required question left out', [{ question_id: s.multiple.id, answer_ids: [s.x.id] }], 422, 'required', '/data/attributes/answers'],
      ['a malformed item', [{ question_id: 5 }], 422, 'invalidType', '/data/attributes/answers/0/question_id'],
      ['not a list', 'tak', 422, 'invalidType', '/data/attributes/answers'],
    ];
    for (const [name, answers, status, code, pointer] of cases) {
      const res = await api.post('/public/v1/survey_user_answers', answerBody(s.survey.id, answers), { token: fan.token });
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.body.errors[0].code, name).toBe(code);
      expect(res.body.errors.map((e: any) => e.source?.pointer), name).toContain(pointer);
    }
    expect((await api.get(`/api/v3/surveys/${s.survey.id}/results`)).body.data.attributes.respondents).toBe(0);
    // Without a token, with a staff token, or a survey of another league.
    expect((await api.post('/public/v1/survey_user_answers', answerBody(s.survey.id, []), { token: null })).status).toBe(401);
    expect((await api.post('/public/v1/survey_user_answers', answerBody(s.survey.id, []), { token: await api.token('admin') })).status).toBe(401);
    const elsewhere = await fanToken('Obcy', 'other-league');
    const foreign = await api.post('/public/v1/survey_user_answers', answerBody(s.survey.id, [{ question_id: s.single.id, answer_ids: [s.a.id] }]), { token: elsewhere.token });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].source.pointer).toBe('/data/relationships/survey/data/id');
  });

  it('takes answers only inside the window of a published survey', async () => {
    const fan = await fanToken();
    const answer = (s: any) => api.post('/public/v1/survey_user_answers', answerBody(s.survey.id, [{ question_id: s.single.id, answer_ids: [s.a.id] }]), { token: fan.token });
    const day = 86_400_000;
    const future = await openSurvey({ opens_at: new Date(Date.now() + day).toISOString() });
    const past = await openSurvey({ opens_at: new Date(Date.now() - 2 * day).toISOString(), closes_at: new Date(Date.now() - day).toISOString() });
    const closed = await openSurvey({ status: 'closed' });
    for (const s of [future, past, closed]) {
      const res = await answer(s);
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors[0].code).toBe('surveyNotOpen');
    }
    const draft = await openSurvey({ status: 'draft' });
    expect((await answer(draft)).status).toBe(404);
    // A window that ends before it opens is refused to staff.
    const bad = await api.post('/api/v3/surveys', { data: { type: 'surveys', attributes: { title: 'Zła', opens_at: '2026-05-02T10:00:00Z', closes_at: '2026-05-01T10:00:00Z' } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ code: 'invalidSurveyWindow', source: { pointer: '/data/attributes/closes_at' } });
  });

  it('lists published surveys for fans with their questions, and offers surveys to pages', async () => {
    const s = await openSurvey();
    const draft = await openSurvey({ status: 'draft' });
    const list = await api.get(`/public/v1/surveys?client=${CLIENT}&page[size]=100`, { token: null });
    expect(list.status).toBe(200);
    const ids = list.body.data.map((d: any) => d.id);
    expect(ids).toContain(s.survey.id);
    expect(ids).not.toContain(draft.survey.id);
    const one = await api.get(`/public/v1/surveys/${s.survey.id}?client=${CLIENT}`, { token: null });
    expect(one.body.data.attributes.open).toBe(true);
    expect(one.body.data.attributes.questions[0]).toMatchObject({ prompt: 'Kto wygra?', kind: 'single', required: true, answers: [{ text: 'A' }, { text: 'B' }, { text: 'C' }] });
    expect((await api.get(`/public/v1/surveys/${draft.survey.id}?client=${CLIENT}`, { token: null })).status).toBe(404);
    expect((await api.get(`/public/v1/surveys?client=other-league`, { token: null })).body.data).toEqual([]);
    // The demo surveys are there, in Polish, with answers.
    const demo = list.body.data.find((d: any) => d.attributes.title === 'Piłkarz miesiąca — październik');
    expect(demo).toBeDefined();
    expect((await api.get(`/api/v3/surveys/${demo.id}/results`)).body.data.attributes.respondents).toBe(5);
  });

  it('lets a moderator write surveys, and not an editor or a viewer', async () => {
    for (const [user, status] of [['moderator', 201], ['editor', 403], ['viewer', 403]] as const) {
      const res = await api.post('/api/v3/surveys', { data: { type: 'surveys', attributes: { title: `Od ${user}` } } }, { token: await api.token(user) });
      expect(res.status, user).toBe(status);
    }
  });
});

describe('a survey component on a page', () => {
  it('links a survey and /current_page delivers it', async () => {
    const s = await openSurvey();
    const pageType = (await api.get('/api/v3/page_types?filter[kind]=survey')).body.data[0] ?? (await api.get('/api/v3/page_types?page[size]=1')).body.data[0];
    const slug = `ankieta-${++serial}`;
    const page = await create('pages', 'pages', { title: 'Strona ankiety', slug, status: 'published' }, { page_type: link('page_types', pageType.id) });
    const component = await api.post('/api/v3/components', {
      data: { type: 'components', attributes: { kind: 'survey', index: 1, settings: { title: 'Głosuj' } }, relationships: { page: link('pages', page.id), survey: link('surveys', s.survey.id) } },
    });
    expect(component.status, component.text).toBe(201);
    const current = await api.get(`/api/v3/current_page?slug=${slug}&preview=true`, { headers: { 'cache-control': 'no-cache' } });
    expect(current.status, current.text).toBe(200);
    const included = (current.body.included ?? []).find((r: any) => r.type === 'surveys' && r.id === s.survey.id);
    expect(included?.attributes.title).toBe(s.survey.attributes.title);
  });

  it('embeds a survey in an article', async () => {
    const s = await openSurvey();
    const article = await create('articles', 'articles', { title: `Artykuł z ankietą ${++serial}` });
    const embed = await api.post('/api/v3/components?include=survey', {
      data: { type: 'components', attributes: { kind: 'survey', index: 0, settings: {} }, relationships: { article: link('articles', article.id), survey: link('surveys', s.survey.id) } },
    });
    expect(embed.status, embed.text).toBe(201);
    expect(embed.body.included.find((r: any) => r.type === 'surveys')?.id).toBe(s.survey.id);
  });
});

describe('comments', () => {
  let articleId: string;
  let matchId: string;
  beforeAll(async () => {
    articleId = (await api.get(`/public/v1/articles?client=${CLIENT}&page[size]=1`, { token: null })).body.data[0].id;
    matchId = (await api.get('/api/v3/matches?filter[status]=finished&page[size]=1')).body.data[0].id;
  });
  const post = (token: string, relationships: Record<string, unknown>, body = 'Dobry mecz!') =>
    api.post('/public/v1/comments', { data: { type: 'comments', attributes: { body }, relationships } }, { token });
  const publicIds = async (filter: string) => (await api.get(`/public/v1/comments?client=${CLIENT}&${filter}&page[size]=100`, { token: null })).body.data.map((c: any) => c.id);
  const setMode = (mode: string) => api.patch('/api/v3/client', { data: { type: 'clients', attributes: { settings: { comment_moderation: mode } } } });

  it('shows a fan’s comment to others once approved (pre-moderation) and until hidden (post-moderation)', async () => {
    const fan = await fanToken('Ola');
    const made = await post(fan.token, { article: link('articles', articleId) }, 'Brawo!');
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.attributes).toMatchObject({ body: 'Brawo!', author_name: 'Ola' });
    expect(made.body.meta).toMatchObject({ status: 'pending', visible: false });
    const id = made.body.data.id;
    expect(await publicIds(`filter[article]=${articleId}`)).not.toContain(id);
    const queue = await api.get('/api/v3/comments?filter[status]=pending&filter[q]=brawo&page[size]=100');
    expect(queue.body.data.map((c: any) => c.id)).toContain(id);
    const approved = await api.patch(`/api/v3/comments/${id}`, { data: { type: 'comments', id, attributes: { status: 'approved' } } }, { token: await api.token('moderator') });
    expect(approved.status, approved.text).toBe(200);
    expect(await publicIds(`filter[article]=${articleId}`)).toContain(id);

    expect((await setMode('post')).status).toBe(200);
    const later = await post(fan.token, { match: link('matches', matchId) }, 'Od razu widać');
    expect(later.body.meta.visible).toBe(true);
    expect(await publicIds(`filter[match]=${matchId}`)).toContain(later.body.data.id);
    await api.patch(`/api/v3/comments/${later.body.data.id}`, { data: { type: 'comments', id: later.body.data.id, attributes: { status: 'hidden' } } });
    expect(await publicIds(`filter[match]=${matchId}`)).not.toContain(later.body.data.id);
    expect((await setMode('sometimes')).status).toBe(422);
    await setMode('pre');
  });

  it('counts reports once per fan, and finds reported comments', async () => {
    const author = await fanToken();
    const made = await post(author.token, { article: link('articles', articleId) }, 'Do zgłoszenia');
    const id = made.body.data.id;
    const reporter = await fanToken();
    // Not visible yet (pre-moderation): nothing to report.
    expect((await api.post(`/public/v1/comments/${id}/reports`, {}, { token: reporter.token })).status).toBe(404);
    await api.patch(`/api/v3/comments/${id}`, { data: { type: 'comments', id, attributes: { status: 'approved' } } });
    expect((await api.post(`/public/v1/comments/${id}/reports`, {}, { token: reporter.token })).status).toBe(201);
    expect((await api.post(`/public/v1/comments/${id}/reports`, {}, { token: reporter.token })).status).toBe(200);
    const reported = await api.get('/api/v3/comments?filter[reports_count][gte]=1&page[size]=100');
    expect(reported.body.data.find((c: any) => c.id === id)?.attributes.reports_count).toBe(1);
    expect((await api.post('/public/v1/comments/abc/reports', {}, { token: reporter.token })).status).toBe(404);
  });

  it('bans an author: their comments are hidden and their next ones refused; lifting the ban lets them write again', async () => {
    const fan = await fanToken('Troll');
    const first = (await post(fan.token, { article: link('articles', articleId) }, 'Pierwszy')).body.data.id;
    const second = (await post(fan.token, { match: link('matches', matchId) }, 'Drugi')).body.data.id;
    await api.patch(`/api/v3/comments/${second}`, { data: { type: 'comments', id: second, attributes: { status: 'approved' } } });
    for (const user of ['editor', 'viewer']) {
      const refused = await api.patch(`/api/v3/comments/${first}`, { data: { type: 'comments', id: first, attributes: { author_banned: true } } }, { token: await api.token(user) });
      expect(refused.status, user).toBe(403);
    }
    const ban = await api.patch(`/api/v3/comments/${first}`, { data: { type: 'comments', id: first, attributes: { author_banned: true } } }, { token: await api.token('moderator') });
    expect(ban.status, ban.text).toBe(200);
    expect(ban.body.data.attributes).toMatchObject({ author_banned: true, status: 'hidden' });
    const other = (await api.get(`/api/v3/comments/${second}`)).body.data.attributes;
    expect(other).toMatchObject({ author_banned: true, status: 'hidden' });
    expect(await publicIds(`filter[match]=${matchId}`)).not.toContain(second);
    const refused = await post(fan.token, { article: link('articles', articleId) }, 'Trzeci');
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('fanBanned');
    expect((await api.get(`/api/v3/comments?filter[fan_id]=${fan.id}`)).body.data).toHaveLength(2);

    const lift = await api.patch(`/api/v3/comments/${first}`, { data: { type: 'comments', id: first, attributes: { author_banned: false } } });
    expect(lift.status, lift.text).toBe(200);
    expect((await post(fan.token, { article: link('articles', articleId) }, 'Czwarty')).status).toBe(201);
  });

  it('refuses bad comments and creates nothing', async () => {
    const fan = await fanToken();
    const theirs = await api.post('/api/v3/articles', { data: { type: 'articles', attributes: { title: 'Cudzy', status: 'published' } } }, { token: await api.token('other-admin') });
    expect(theirs.status, theirs.text).toBe(201);
    const draft = await api.post('/api/v3/articles', { data: { type: 'articles', attributes: { title: 'Szkic do komentowania' } } });
    const before = (await api.get('/api/v3/comments?page[size]=1')).body.meta.total;
    const cases: [string, Record<string, unknown>, string, number, string][] = [
      ['another league’s article', { article: link('articles', theirs.body.data.id) }, 'Hej', 422, 'notFound'],
      ['a draft article', { article: link('articles', draft.body.data.id) }, 'Hej', 422, 'commentTargetUnavailable'],
      ['both an article and a match', { article: link('articles', articleId), match: link('matches', matchId) }, 'Hej', 422, 'commentTarget'],
      ['nothing to comment on', {}, 'Hej', 422, 'commentTarget'],
      ['an empty body', { article: link('articles', articleId) }, '   ', 422, 'whitespace'],
      ['a body too long', { article: link('articles', articleId) }, 'x'.repeat(2001), 422, 'maxLength'],
    ];
    for (const [name, relationships, body, status, code] of cases) {
      const res = await post(fan.token, relationships, body);
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.body.errors[0].code, name).toBe(code);
    }
    const forged = await api.post('/public/v1/comments', { data: { type: 'comments', attributes: { body: 'Sam zatwierdzam', status: 'approved' }, relationships: { article: link('articles', articleId) } } }, { token: fan.token });
    expect(forged.body.data?.attributes.status ?? forged.status).not.toBe('approved');
    expect((await api.get('/api/v3/comments?page[size]=1')).body.meta.total).toBe(before + (forged.status === 201 ? 1 : 0));
    expect((await api.get(`/public/v1/comments?client=${CLIENT}`, { token: null })).status).toBe(400);
    expect((await api.get(`/public/v1/comments?client=${CLIENT}&filter[article]=x`, { token: null })).status).toBe(400);
    expect((await post('', { article: link('articles', articleId) })).status).toBe(401);
    // A staff comment has no fan to ban.
    const staff = await create('comments', 'comments', { body: 'Od redakcji' }, { article: link('articles', articleId) });
    const noFan = await api.patch(`/api/v3/comments/${staff.id}`, { data: { type: 'comments', id: staff.id, attributes: { author_banned: true } } });
    expect(noFan.status).toBe(422);
    expect(noFan.body.errors[0].code).toBe('commentWithoutFan');
  });

  it('has demo comments waiting for moderation, read with the titles of their articles and the teams of their matches', async () => {
    const pending = await api.get('/api/v3/comments?filter[status]=pending&page[size]=100');
    expect(pending.body.data.length).toBeGreaterThanOrEqual(3);
    // What the moderation queue shows instead of ids: the teams of a match included with the page,
    // and the titles of its articles in one more request (as react-admin's getMany asks for them).
    const queue = await api.get('/api/v3/comments?page[size]=100&include=match.home_squad.team,match.away_squad.team');
    expect(queue.status, queue.text).toBe(200);
    const included = (type: string) => queue.body.included.filter((r: any) => r.type === type);
    const onMatch = queue.body.data.find((c: any) => c.relationships.match.data);
    const match = included('matches').find((m: any) => m.id === onMatch.relationships.match.data.id);
    const squad = included('squads').find((s: any) => s.id === match.relationships.home_squad.data.id);
    const team = included('teams').find((t: any) => t.id === squad.relationships.team.data.id);
    expect(team.attributes.name).toMatch(/\S/);
    const articleIds = [...new Set(queue.body.data.map((c: any) => c.relationships.article.data?.id).filter(Boolean))];
    const articles = await api.get(`/api/v3/articles?filter[id]=${articleIds.join(',')}&page[size]=100`);
    expect(articles.body.data.map((a: any) => a.id).sort()).toEqual([...articleIds].sort());
    expect(articles.body.data.every((a: any) => typeof a.attributes.title === 'string' && a.attributes.title.length > 0)).toBe(true);
  });
});
