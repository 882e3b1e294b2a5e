import { expect, test, type APIRequestContext, type Page } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';
import { seriousViolations } from './support/axe';

/**
 * Staff build a quiz (questions with their answers, the correct ones marked, reordered), two fans
 * attempt it through the fan API, and banning the leader's attempt in the attempts list moves the
 * other fan to the top of the ranking. axe (all rules) on the quiz's tabs in Polish and English.
 */
const JSONAPI = { 'Content-Type': 'application/vnd.api+json' };

async function fanToken(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.post('/public/v1/fans?client=ekstraklasa-demo', {
    headers: JSONAPI,
    data: { data: { type: 'fans', attributes: { device_id: `e2e-quiz-${Date.now()}-${name.replace(/\W/g, '')}`, display_name: name } } },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { meta: { token: string } }).meta.token;
}

async function addQuestion(page: Page, text: string, answers: string[], correct: number[]) {
  await page.getByRole('button', { name: t('pl', 'quizPage.addQuestion') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: t('pl', 'resources.quiz_questions.fields.text') }).fill(text);
  for (let i = 2; i < answers.length; i++) await dialog.getByRole('button', { name: t('pl', 'quizPage.addAnswer') }).click();
  for (const [i, answer] of answers.entries()) {
    await dialog.getByRole('textbox', { name: t('pl', 'resources.quiz_answers.fields.text') }).nth(i).fill(answer);
    const box = dialog.locator('input[type=checkbox]').nth(i);
    if ((await box.isChecked()) !== correct.includes(i)) await box.click();
  }
  await dialog.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('quiz-questions')).toContainText(text);
}

test('build a quiz, ban the leading attempt and see the ranking change', { tag: '@postgres' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `E2E Quiz ${Date.now()}`;
  await openAs(page, request, 'admin', '/quizzes/create');
  await appReady(page);
  await page.locator('#title').fill(title);
  await page.locator('#is_published').check();
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(page).toHaveURL(/\/quizzes\/\d+$/);
  const id = /\/quizzes\/(\d+)$/.exec(page.url())![1];

  await page.getByRole('tab', { name: t('pl', 'quizPage.tabs.questions') }).click();
  await expect(page.getByText(t('pl', 'quizPage.noQuestions'))).toBeVisible();
  // A question needs a correct answer before it is saved.
  await page.getByRole('button', { name: t('pl', 'quizPage.addQuestion') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: t('pl', 'resources.quiz_questions.fields.text') }).fill('Kto wygrał Ekstraklasę 2023/24?');
  const answerBoxes = dialog.getByRole('textbox', { name: t('pl', 'resources.quiz_answers.fields.text') });
  await answerBoxes.nth(0).fill('Jagiellonia');
  await answerBoxes.nth(1).fill('Śląsk');
  // The first answer starts marked correct: unmark it.
  await dialog.locator('input[type=checkbox]').nth(0).click();
  await dialog.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t('pl', 'quizPage.noCorrect'));
  expect(await seriousViolations(page), 'question dialog').toEqual([]);
  await dialog.getByRole('button', { name: t('pl', 'ra.action.cancel') }).click();

  await addQuestion(page, 'Kto wygrał Ekstraklasę 2023/24?', ['Jagiellonia', 'Śląsk', 'Legia'], [0]);
  await addQuestion(page, 'Które kluby grają w Krakowie?', ['Wisła', 'Cracovia', 'Lech'], [0, 1]);
  // The second question moves to the top (Alt+↑ works too; here the arrow button).
  await page.getByRole('button', { name: t('pl', 'reorder.moveUp', { name: 'Które kluby grają w Krakowie?' }) }).click();
  await expect(page.getByTestId('quiz-questions').locator('li').first()).toContainText('Które kluby grają w Krakowie?');

  const token = await tokenFor(request, 'admin');
  type Res = { id: string; type: string; attributes: Record<string, unknown>; relationships?: Record<string, { data: { id: string }[] }> };
  let doc: { included: Res[] } = { included: [] };
  const storedQuestions = () => doc.included.filter((r) => r.type === 'quiz_questions').sort((a, b) => Number(a.attributes.position) - Number(b.attributes.position));
  // The list moves at once; the new positions are stored a moment later: wait for them.
  await expect
    .poll(async () => {
      const quiz = await request.get(`/api/v3/quizzes/${id}?include=quiz_questions.quiz_answers`, { headers: { Authorization: `Bearer ${token}` } });
      doc = (await quiz.json()) as { included: Res[] };
      return storedQuestions().map((q) => q.attributes.text);
    })
    .toEqual(['Które kluby grają w Krakowie?', 'Kto wygrał Ekstraklasę 2023/24?']);
  const questions = storedQuestions();
  const answers = doc.included.filter((r) => r.type === 'quiz_answers');
  const correctOf = (q: Res) => q.relationships!.quiz_answers.data.map((a) => answers.find((x) => x.id === a.id)!).filter((a) => a.attributes.is_correct).map((a) => a.id);
  expect(correctOf(questions[0])).toHaveLength(2);

  // Two fans: Ala answers all correctly, Bartek one question. Each starts the attempt (the server
  // times it) and sends it once the fastest possible time (a second per question) has passed.
  const all = questions.map((q) => ({ question: q.id, answers: correctOf(q) }));
  const fans: [string, typeof all, string, string][] = [];
  for (const [name, sent] of [['Ala', all], ['Bartek', all.slice(1)]] as const) {
    const fan = await fanToken(request, name);
    const started = await request.post(`/public/v1/quizzes/${id}/attempt_starts`, { headers: { ...JSONAPI, Authorization: `Bearer ${fan}` }, data: {} });
    expect(started.status(), await started.text()).toBe(201);
    fans.push([name, sent, fan, ((await started.json()) as { meta: { token: string } }).meta.token]);
  }
  await page.waitForTimeout(questions.length * 1000 + 200);
  for (const [, sent, fan, startToken] of fans) {
    const res = await request.post(`/public/v1/quizzes/${id}/attempts`, {
      headers: { ...JSONAPI, Authorization: `Bearer ${fan}` },
      data: { data: { type: 'quiz_user_attempts', attributes: { answers: sent, start_token: startToken } } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.getByRole('tab', { name: t('pl', 'quizPage.tabs.ranking') }).click();
  const rankingRows = page.locator('table tbody tr');
  await expect(rankingRows).toHaveCount(2);
  await expect(rankingRows.first()).toContainText('Ala');

  await page.getByRole('tab', { name: t('pl', 'quizPage.tabs.attempts') }).click();
  await page.locator(`input[aria-label="${t('pl', 'quizPage.ban', { name: 'Ala' })}"]`).click();
  // It flips at once in the list.
  await expect(page.locator(`input[aria-label="${t('pl', 'quizPage.unban', { name: 'Ala' })}"]`)).toBeChecked();

  await page.getByRole('tab', { name: t('pl', 'quizPage.tabs.ranking') }).click();
  await expect(rankingRows).toHaveCount(1);
  await expect(rankingRows.first()).toContainText('Bartek');
  await expect(rankingRows.first().locator('td').first()).toContainText('1');
});

// Each feature's own screens in one language (the features take turns): the sweep of
// accessibility.e2e.ts does the same for the generic screens.
for (const lang of ['en'] as const) {
  test(`the quiz page and its tabs pass axe with all rules (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.addInitScript((value) => localStorage.setItem('preferredLanguage', value), lang);
    const token = await tokenFor(request, 'admin');
    const list = await request.get('/api/v3/quizzes?filter[q]=Historia Ekstraklasy', { headers: { Authorization: `Bearer ${token}` } });
    const id = ((await list.json()) as { data: { id: string }[] }).data[0].id;
    await openAs(page, request, 'admin', `/quizzes/${id}`);
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const found: Record<string, unknown> = {};
    for (const tab of ['details', 'questions', 'prizes', 'attempts', 'ranking']) {
      await page.getByRole('tab', { name: t(lang, `quizPage.tabs.${tab}`) }).click();
      await expect(page.locator('[role="progressbar"], .MuiSkeleton-root')).toHaveCount(0);
      await page.waitForTimeout(300);
      const violations = await seriousViolations(page);
      if (violations.length) found[tab] = violations;
    }
    await page.getByRole('tab', { name: t(lang, 'quizPage.tabs.questions') }).click();
    await page.getByRole('button', { name: t(lang, 'quizPage.editQuestion', { name: 'Który klub ma najwięcej tytułów mistrza Polski?' }) }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const dialog = await seriousViolations(page);
    if (dialog.length) found.dialog = dialog;
    expect(found).toEqual({});
  });
}
