import { expect, test, type APIRequestContext, type Page } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';
import { seriousViolations } from './support/axe';

/**
 * Fan engagement in the admin: a moderator works through fans' comments (approve, hide, a bulk
 * approval, a ban with its confirmation) and reads a survey's results as bar charts; axe (all
 * rules) on both screens in Polish and English.
 */
const JSONAPI = { 'Content-Type': 'application/vnd.api+json' };
let serial = 0;

async function fan(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post('/public/v1/fans?client=ekstraklasa-demo', {
    data: { data: { type: 'fans', attributes: { device_id: `e2e-device-${Date.now()}-${++serial}-abcdef`, display_name: name } } },
    headers: JSONAPI,
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { meta: { token: string } }).meta.token;
}

async function comment(request: APIRequestContext, token: string, articleId: string, body: string): Promise<string> {
  const res = await request.post('/public/v1/comments', {
    data: { data: { type: 'comments', attributes: { body }, relationships: { article: { data: { type: 'articles', id: articleId } } } } },
    headers: { ...JSONAPI, Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function staffGet(request: APIRequestContext, token: string, path: string): Promise<any> {
  const res = await request.get(`/api/v3${path}`, { headers: { Authorization: `Bearer ${token}`, 'Cache-Control': 'no-cache' } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.json();
}

async function staffPost(request: APIRequestContext, token: string, path: string, type: string, attributes: object, relationships: object = {}): Promise<string> {
  const res = await request.post(`/api/v3${path}`, { data: { data: { type, attributes, relationships } }, headers: { ...JSONAPI, Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function settled(page: Page): Promise<void> {
  await appReady(page);
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('[role="progressbar"], .MuiSkeleton-root').length), { timeout: 15_000 }).toBe(0);
}

async function axeInBothLanguages(page: Page): Promise<void> {
  for (const lang of ['pl', 'en'] as const) {
    await page.evaluate((value) => localStorage.setItem('preferredLanguage', value), lang);
    await page.reload();
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    expect(await seriousViolations(page), lang).toEqual([]);
  }
  await page.evaluate(() => localStorage.setItem('preferredLanguage', 'pl'));
}

test('moderate fans’ comments: approve, hide, approve a selection, ban an author', async ({ page, request }) => {
  const marker = `e2e${Date.now().toString(36)}`;
  const articleId = (((await (await request.get('/public/v1/articles?client=ekstraklasa-demo&page[size]=1')).json()) as { data: { id: string }[] }).data[0]).id;
  const [ola, troll] = [await fan(request, 'Ola E2E'), await fan(request, 'Troll E2E')];
  const ids = {
    first: await comment(request, ola, articleId, `${marker} pierwszy komentarz`),
    second: await comment(request, ola, articleId, `${marker} drugi komentarz`),
    third: await comment(request, ola, articleId, `${marker} trzeci komentarz`),
    fourth: await comment(request, ola, articleId, `${marker} czwarty komentarz`),
    spam: await comment(request, troll, articleId, `${marker} spam od trolla`),
  };
  const token = await openAs(page, request, 'moderator', `/comments?filter=${encodeURIComponent(JSON.stringify({ q: marker }))}`);
  await settled(page);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  // What a comment is on, by name: the article's title, not its id.
  const articleTitle = ((await staffGet(request, token, `/articles/${articleId}`)) as { data: { attributes: { title: string } } }).data.attributes.title;
  await expect(rows.first().getByRole('link', { name: articleTitle })).toBeVisible();
  await expect(rows.first()).not.toContainText(`#${articleId}`);
  const statusOf = async (id: string) => ((await staffGet(request, token, `/comments/${id}`)) as { data: { attributes: { status: string; author_banned: boolean } } }).data.attributes;

  // One at a time.
  await page.getByRole('button', { name: `${t('pl', 'moderation.approve')}: ${marker} pierwszy komentarz` }).click();
  await expect(page.getByText(t('pl', 'moderation.done.approve_one'))).toBeVisible();
  await expect.poll(async () => (await statusOf(ids.first)).status).toBe('approved');
  await page.getByRole('button', { name: `${t('pl', 'moderation.hide')}: ${marker} drugi komentarz` }).click();
  await expect.poll(async () => (await statusOf(ids.second)).status).toBe('hidden');
  // The hidden one can be restored.
  await expect(page.getByRole('button', { name: `${t('pl', 'moderation.restore')}: ${marker} drugi komentarz` })).toBeVisible();

  // A selection at once.
  for (const text of ['trzeci', 'czwarty']) await rows.filter({ hasText: `${marker} ${text}` }).getByRole('checkbox').check();
  await page.getByRole('button', { name: t('pl', 'moderation.approve'), exact: true }).click();
  await expect.poll(async () => [(await statusOf(ids.third)).status, (await statusOf(ids.fourth)).status]).toEqual(['approved', 'approved']);

  // A ban asks first; the troll's comment is hidden and their next one refused.
  await page.getByRole('button', { name: `${t('pl', 'moderation.ban')}: Troll E2E` }).click();
  const dialog = page.getByRole('dialog', { name: t('pl', 'moderation.banTitle_one') });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page), 'ban dialog').toEqual([]);
  await dialog.getByRole('button', { name: t('pl', 'moderation.ban') }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => statusOf(ids.spam)).toEqual(expect.objectContaining({ status: 'hidden', author_banned: true }));
  await expect(rows.filter({ hasText: `${marker} spam` }).getByText(t('pl', 'moderation.banned'))).toBeVisible();
  const refused = await request.post('/public/v1/comments', {
    data: { data: { type: 'comments', attributes: { body: 'znowu ja' }, relationships: { article: { data: { type: 'articles', id: articleId } } } } },
    headers: { ...JSONAPI, Authorization: `Bearer ${troll}` },
  });
  expect(refused.status()).toBe(403);

  // Fans now see the approved ones only.
  const visible = (await (await request.get(`/public/v1/comments?client=ekstraklasa-demo&filter[article]=${articleId}&page[size]=100`)).json()) as { data: { id: string }[] };
  expect(visible.data.map((c) => c.id).filter((id) => Object.values(ids).includes(id)).sort()).toEqual([ids.first, ids.third, ids.fourth].sort());

  await axeInBothLanguages(page);
});

test('see a survey’s results as bars with counts and shares', { tag: '@postgres' }, async ({ page, request }) => {
  const admin = await tokenFor(request, 'admin');
  const title = `E2E Ankieta ${Date.now()}`;
  const surveyId = await staffPost(request, admin, '/surveys', 'surveys', { title, status: 'published' });
  const questionId = await staffPost(request, admin, '/surveys/questions', 'survey_questions', { prompt: 'Kto wygra ligę?', kind: 'single', required: true, position: 1 }, { survey: { data: { type: 'surveys', id: surveyId } } });
  const options: string[] = [];
  for (const [i, text] of ['Legia', 'Lech', 'Raków'].entries())
    options.push(await staffPost(request, admin, '/surveys/answers', 'survey_answers', { text, position: i + 1 }, { question: { data: { type: 'survey_questions', id: questionId } } }));
  for (const pick of [0, 0, 1]) {
    const res = await request.post('/public/v1/survey_user_answers', {
      data: { data: { type: 'survey_user_answers', attributes: { answers: [{ question_id: questionId, answer_ids: [options[pick]] }] }, relationships: { survey: { data: { type: 'surveys', id: surveyId } } } } },
      headers: { ...JSONAPI, Authorization: `Bearer ${await fan(request, 'Ankietowany')}` },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await openAs(page, request, 'moderator', `/surveys/${surveyId}/show`);
  await settled(page);
  await expect(page.getByRole('heading', { name: t('pl', 'surveyResults.title') })).toBeVisible();
  await expect(page.getByTestId('survey-respondents')).toContainText(t('pl', 'surveyResults.respondents_few', { count: 3 }));
  const chart = page.getByTestId('survey-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  // Bars carry the count and the share.
  await expect(chart.getByText('2 (66,7%)')).toBeVisible();
  await expect(chart.getByText('1 (33,3%)')).toBeVisible();
  // The same figures for screen readers.
  const table = page.locator('table').filter({ hasText: 'Kto wygra ligę?' });
  await expect(table.locator('tr').filter({ hasText: 'Legia' }).locator('td').first()).toHaveText('2');

  // A fourth answer shows by itself (announced on /cable), no refresh needed.
  const res = await request.post('/public/v1/survey_user_answers', {
    data: { data: { type: 'survey_user_answers', attributes: { answers: [{ question_id: questionId, answer_ids: [options[2]] }] }, relationships: { survey: { data: { type: 'surveys', id: surveyId } } } } },
    headers: { ...JSONAPI, Authorization: `Bearer ${await fan(request, 'Spóźniony')}` },
  });
  expect(res.status()).toBe(201);
  await expect(page.getByTestId('survey-respondents')).toContainText(t('pl', 'surveyResults.respondents_few', { count: 4 }));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t('pl', 'surveyResults.export') }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  await axeInBothLanguages(page);
});

/** The generic screens of the new resources (as accessibility.e2e.ts checks every resource), in both languages. */
test('edit a survey’s questions and their options in place', { tag: '@postgres' }, async ({ page, request }) => {
  const admin = await tokenFor(request, 'admin');
  const surveyId = await staffPost(request, admin, '/surveys', 'surveys', { title: `E2E Pytania ${Date.now()}`, status: 'draft' });
  await openAs(page, request, 'admin', `/surveys/${surveyId}/show`);
  await settled(page);
  await expect(page.getByText(t('pl', 'surveyResults.noQuestions')).first()).toBeVisible();

  // A choice question with two options, added without leaving the survey.
  await page.getByRole('button', { name: t('pl', 'surveyResults.addQuestion') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('pl', 'resources.survey_questions.fields.prompt')).fill('Kto zdobędzie mistrzostwo?');
  const options = dialog.getByLabel(t('pl', 'resources.survey_answers.fields.text'));
  await options.nth(0).fill('Legia');
  // One option is not enough for a choice.
  await dialog.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t('pl', 'surveyEditor.needTwoOptions'));
  await options.nth(1).fill('Lech');
  await dialog.getByRole('button', { name: t('pl', 'surveyEditor.addOption') }).click();
  await options.nth(2).fill('Raków');
  await dialog.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(dialog).toBeHidden();
  const list = page.getByTestId('survey-questions');
  await expect(list.getByText('Kto zdobędzie mistrzostwo?')).toBeVisible();
  for (const name of ['Legia', 'Lech', 'Raków']) await expect(list.getByText(name, { exact: true })).toBeVisible();
  expect(await seriousViolations(page), 'survey questions').toEqual([]);

  // Edited: an option renamed, one emptied (an empty option is dropped).
  await list.getByRole('button', { name: t('pl', 'surveyEditor.edit', { name: 'Kto zdobędzie mistrzostwo?' }) }).click();
  await options.nth(1).fill('Lech Poznań');
  await options.nth(2).fill('');
  await dialog.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByText('Lech Poznań', { exact: true })).toBeVisible();
  await expect(list.getByText('Raków', { exact: true })).toHaveCount(0);
  const stored = (await staffGet(request, admin, `/surveys/questions?filter[survey]=${surveyId}&include=answers`)) as { data: { attributes: { prompt: string } }[]; included: { attributes: { text: string; position: number } }[] };
  expect(stored.data.map((q) => q.attributes.prompt)).toEqual(['Kto zdobędzie mistrzostwo?']);
  expect(stored.included.map((o) => [o.attributes.position, o.attributes.text]).sort()).toEqual([[1, 'Legia'], [2, 'Lech Poznań']]);
});
