import { expect, test, type APIRequestContext, type Page } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';

/**
 * The page builder as an editor uses it: a page's components added from the palette, filled in
 * (fields and a link), reordered with the keyboard, saved and still in that order after a reload,
 * seen in the live preview (drawn by the website's renderers) before saving and at full size at 768 px; a global element edited in Polish with the unsaved-changes prompt; and a
 * save over someone else's reorder refused with a reload that brings their order.
 */
const JSON_API = 'application/vnd.api+json';
let serial = 0;

async function api(request: APIRequestContext, token: string, method: 'get' | 'post' | 'patch' | 'delete', path: string, data?: unknown) {
  const response = await request[method](`/api/v3${path}`, { headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSON_API }, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBeTruthy();
  if (response.status() === 204) return { data: null };
  return (await response.json()) as { data: any; meta?: any; included?: any[] };
}

/** A draft page of a standard page type with plain text components, made through the API. */
async function pageWithTexts(request: APIRequestContext, token: string, texts: string[]) {
  const types = await api(request, token, 'get', '/page_types?filter[kind]=standard&page[size]=1');
  const slug = `e2e-budowa-${Date.now()}-${++serial}`;
  const page = await api(request, token, 'post', '/pages', {
    data: { type: 'pages', attributes: { title: `E2E Strona ${serial}`, slug }, relationships: { page_type: { data: { type: 'page_types', id: types.data[0].id } } } },
  });
  const ids: string[] = [];
  for (const [index, body] of texts.entries()) {
    const c = await api(request, token, 'post', '/components', {
      data: { type: 'components', attributes: { kind: 'text', index, settings: { format: 'plain', body } }, relationships: { page: { data: { type: 'pages', id: page.data.id } } } },
    });
    ids.push(c.data.id);
  }
  return { id: page.data.id as string, slug, ids };
}

const cards = (page: Page) => page.getByTestId('builder-card');
const summaries = (page: Page) => page.getByTestId('card-summary').allTextContents();

test('build a page: add from the palette, fill in, reorder with the keyboard, save, reload, preview at 768 px', { tag: '@postgres' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await tokenFor(request, 'editor');
  const made = await pageWithTexts(request, token, ['Pierwszy akapit', 'Drugi akapit']);
  await openAs(page, request, 'editor', `/pages/${made.id}`);
  await appReady(page);
  await expect(cards(page)).toHaveCount(2);
  expect(await summaries(page)).toEqual(['Pierwszy akapit', 'Drugi akapit']);

  // The palette offers the client's component types (their names, their order) that a standard page may hold; a club card is added at the end, open.
  const palette = page.getByTestId('builder-palette');
  const types = await api(request, token, 'get', '/component_types?filter[kind]=page_type&sort=position,name&page[size]=100');
  await expect(palette.getByRole('button')).toHaveText(types.data.map((d: any) => d.attributes.name as string));
  await palette.locator('button[data-kind="club"]').click();
  await expect(cards(page)).toHaveCount(3);
  const club = cards(page).nth(2);
  await expect(club).toHaveAttribute('data-kind', 'club');
  await club.getByRole('textbox', { name: t('pl', 'pageBuilder.fields.title') }).fill('Klub tygodnia');
  await club.getByRole('combobox', { name: t('pl', 'pageBuilder.fields.layout') }).click();
  await page.getByRole('option', { name: t('pl', 'pageBuilder.values.vertical') }).click();
  // Its link: a club chosen by searching.
  const chooser = club.getByRole('combobox', { name: new RegExp(`^${t('pl', 'pageBuilder.fields.club')}`) });
  await chooser.click();
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  const clubName = (await option.textContent())!.trim();
  await option.click();
  await expect(chooser).toHaveValue(clubName);
  // The live preview beside the editor draws the page as the website does (in a frame of its own),
  // the unsaved club card with its title and its club's name, before any save.
  const live = page.getByTestId('live-preview');
  const liveSite = live.getByTestId('preview-frame').contentFrame();
  await expect(liveSite.locator('main [data-component-id]').nth(2)).toHaveAttribute('data-kind', 'club');
  await expect(liveSite.locator('main [data-component-id]').nth(2).getByRole('heading', { level: 2 })).toHaveText('Klub tygodnia');
  await expect(liveSite.locator('main [data-component-id]').nth(2)).toContainText(clubName);
  await expect(live.getByTestId('live-preview-status')).toHaveAttribute('data-updating', 'false');

  // An embedded page with an address that is no web address: the shared validator says so, nothing is sent.
  await palette.locator('button[data-kind="iframe"]').click();
  const iframe = cards(page).nth(3);
  await iframe.getByRole('textbox', { name: t('pl', 'pageBuilder.fields.url') }).fill('javascript:alert(1)');
  let writes = 0;
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/v3/') && !r.url().includes('/preview')) writes++;
  });
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(iframe.getByText(t('pl', 'validation.invalidWebsiteUrl'))).toBeVisible();
  await expect(page.getByTestId('builder-status')).toHaveText(t('pl', 'pageBuilder.fixIssues_one', { count: 1 }));
  expect(writes).toBe(0);
  // Removing it asks first.
  await iframe.getByRole('button', { name: new RegExp(`^${t('pl', 'pageBuilder.remove', { name: '' })}`) }).click();
  const confirm = page.getByRole('dialog', { name: t('pl', 'pageBuilder.removeTitle') });
  await confirm.getByRole('button', { name: t('pl', 'ra.action.delete') }).click();
  await expect(cards(page)).toHaveCount(3);

  // The club card goes to the top with the keyboard: Space picks up, arrows move, Space drops.
  const handle = club.getByTestId('reorder-handle');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('reorder-announcement')).toContainText(t('pl', 'pageBuilder.reorder.picked', { name: '§' }).split('§')[0]);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('reorder-announcement')).toHaveText(
    t('pl', 'pageBuilder.reorder.dropped', { name: `${t('pl', 'resources.components.choices.kind.club')}: Klub tygodnia`, position: 1, count: 3 }),
  );
  expect(await summaries(page)).toEqual(['Klub tygodnia', 'Pierwszy akapit', 'Drugi akapit']);
  // Escape puts a picked card back where it was.
  await cards(page).nth(1).getByTestId('reorder-handle').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  expect(await summaries(page)).toEqual(['Klub tygodnia', 'Drugi akapit', 'Pierwszy akapit']);
  await page.keyboard.press('Escape');
  expect(await summaries(page)).toEqual(['Klub tygodnia', 'Pierwszy akapit', 'Drugi akapit']);

  // One Save: the new component, then the order in one call.
  const reorders: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes(`/pages/${made.id}/relationships/components`)) reorders.push(r.postData() ?? '');
  });
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(page.getByTestId('builder-status')).toHaveText(t('pl', 'pageBuilder.saved'));
  expect(reorders).toHaveLength(1);
  expect(JSON.parse(reorders[0]).meta.updated_at).toBeTruthy();

  await page.reload();
  await expect(cards(page)).toHaveCount(3);
  expect(await summaries(page)).toEqual(['Klub tygodnia', 'Pierwszy akapit', 'Drugi akapit']);
  const stored = await api(request, token, 'get', `/pages/${made.id}?include=components`);
  const first = stored.included!.find((i) => i.id === stored.data.relationships.components.data[0].id);
  expect(first.attributes).toMatchObject({ kind: 'club', settings: { title: 'Klub tygodnia', layout: 'vertical' } });

  // The preview at full size, 768 px: the components in order, the club by name.
  await page.getByRole('button', { name: t('pl', 'pageBuilder.preview.open'), exact: true }).click();
  const preview = page.getByRole('dialog', { name: t('pl', 'pageBuilder.preview.title', { name: `E2E Strona ${serial}` }) });
  await preview.getByRole('button', { name: t('pl', 'pageBuilder.preview.widthValue', { width: 1024 }) }).click();
  await expect(preview.getByTestId('preview-frame')).toHaveAttribute('data-width', '1024');
  await preview.getByRole('button', { name: t('pl', 'pageBuilder.preview.widthValue', { width: 768 }) }).click();
  const frame = preview.getByTestId('preview-frame');
  await expect(frame).toHaveAttribute('data-width', '768');
  expect((await frame.boundingBox())!.width).toBeCloseTo(768, 0);
  // Inside the frame: the page's own document, its title as h1, the components in order.
  const site = frame.contentFrame();
  await expect(site.getByRole('heading', { level: 1 })).toHaveText(`E2E Strona ${serial}`);
  const shown = site.locator('main [data-component-id]');
  await expect(shown).toHaveCount(3);
  await expect(shown.nth(0)).toHaveAttribute('data-kind', 'club');
  await expect(shown.nth(0)).toContainText('Klub tygodnia');
  await expect(shown.nth(0)).toContainText(clubName);
  await expect(shown.nth(1)).toContainText('Pierwszy akapit');
  await preview.getByRole('button', { name: t('pl', 'ra.action.close') }).click();
  await expect(preview).toHaveCount(0);

  // Duplicated: a copy right after the original, with its fields and link, saved with the rest.
  await page.getByRole('button', { name: t('pl', 'pageBuilder.duplicate', { name: `${t('pl', 'resources.components.choices.kind.club')}: Klub tygodnia` }) }).click();
  await expect(cards(page)).toHaveCount(4);
  expect(await summaries(page)).toEqual(['Klub tygodnia', 'Klub tygodnia', 'Pierwszy akapit', 'Drugi akapit']);
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(page.getByTestId('builder-status')).toHaveText(t('pl', 'pageBuilder.saved'));
  const copied = await api(request, token, 'get', `/pages/${made.id}?include=components`);
  const [original, copy] = copied.data.relationships.components.data.slice(0, 2).map((r: { id: string }) => copied.included!.find((i) => i.id === r.id));
  expect(copy.id).not.toBe(original.id);
  expect(copy.attributes.settings).toEqual(original.attributes.settings);
  expect(copy.relationships.club.data).toEqual(original.relationships.club.data);
});

test('a global element edited in Polish asks before leaving with unsaved changes', { tag: '@postgres' }, async ({ page, request }) => {
  const token = await tokenFor(request, 'editor');
  const element = await api(request, token, 'post', '/global_page_elements', {
    data: { type: 'global_page_elements', attributes: { name: `E2E Pod treścią ${Date.now()}`, slug: `e2e-pod-trescia-${Date.now()}`, area: 'elements_below_content' } },
  });
  const id = element.data.id as string;
  await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'pl'));
  await openAs(page, request, 'editor', `/global_page_elements/${id}`);
  await appReady(page);
  await expect(page.getByTestId('builder-empty')).toHaveText(t('pl', 'pageBuilder.empty'));
  // Below the content: advertisements and social media only.
  const palette = page.getByTestId('builder-palette');
  await expect(palette.getByRole('button')).toHaveCount(2);
  await palette.locator('button[data-kind="social_media"]').click();
  const card = cards(page).first();
  await expect(page.getByTestId('builder-status')).toHaveText(t('pl', 'pageBuilder.unsavedChanges'));

  // Leaving asks; staying keeps the screen and the change.
  await page.getByRole('link', { name: t('pl', 'ra.action.list'), exact: true }).click();
  const prompt = page.getByRole('dialog', { name: t('pl', 'unsaved.title') });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: t('pl', 'unsaved.stay') }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/global_page_elements/${id}$`));
  await expect(cards(page)).toHaveCount(1);

  // At least one account: the shared validator's key, then filled in and saved.
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(card.getByText(t('pl', 'validation.atLeastOneItemRequired'))).toBeVisible();
  await card.getByRole('button', { name: t('pl', 'pageBuilder.addItem', { name: t('pl', 'pageBuilder.fields.accounts') }) }).click();
  await card.getByRole('combobox', { name: t('pl', 'pageBuilder.fields.network') }).click();
  await page.getByRole('option', { name: 'Instagram' }).click();
  await card.getByRole('textbox', { name: t('pl', 'pageBuilder.fields.url') }).fill('https://www.instagram.com/liga');
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(page.getByTestId('builder-status')).toHaveText(t('pl', 'pageBuilder.saved'));
  const stored = await api(request, token, 'get', `/global_page_elements/${id}?include=components`);
  expect(stored.included!.map((c) => c.attributes.settings)).toEqual([{ accounts: [{ network: 'instagram', url: 'https://www.instagram.com/liga' }] }]);

  // Saved: leaving asks nothing.
  await page.getByRole('link', { name: t('pl', 'ra.action.list'), exact: true }).click();
  await expect(page).toHaveURL(/\/global_page_elements$/);
});

test('a save over someone else’s reorder shows the conflict, and reload brings their order', { tag: '@postgres' }, async ({ page, request }) => {
  const token = await tokenFor(request, 'editor');
  const made = await pageWithTexts(request, token, ['Alfa', 'Beta', 'Gamma']);
  await openAs(page, request, 'editor', `/pages/${made.id}`);
  await appReady(page);
  await expect(cards(page)).toHaveCount(3);

  // Meanwhile someone reorders through the API.
  const current = await api(request, token, 'get', `/pages/${made.id}/relationships/components`);
  const theirs = [made.ids[2], made.ids[0], made.ids[1]];
  await api(request, token, 'patch', `/pages/${made.id}/relationships/components`, { data: theirs.map((id) => ({ type: 'components', id })), meta: { updated_at: current.meta.updated_at } });

  // Ours: Alfa dragged by its handle onto Beta.
  await cards(page).first().getByTestId('reorder-handle').dragTo(cards(page).nth(1));
  expect(await summaries(page)).toEqual(['Beta', 'Alfa', 'Gamma']);
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  const alert = page.getByTestId('builder-stale');
  await expect(alert).toHaveText(new RegExp(t('pl', 'pageBuilder.stale').slice(0, 30)));
  // Nothing of ours was written.
  const after = await api(request, token, 'get', `/pages/${made.id}/relationships/components`);
  expect(after.data.map((d: { id: string }) => d.id)).toEqual(theirs);

  await alert.getByRole('button', { name: t('pl', 'pageBuilder.reload') }).click();
  await expect(alert).toHaveCount(0);
  await expect.poll(() => summaries(page)).toEqual(['Gamma', 'Alfa', 'Beta']);

  // On their version: Gamma removed and Beta moved up with its button, in one Save.
  await cards(page).first().getByRole('button', { name: t('pl', 'pageBuilder.remove', { name: `${t('pl', 'resources.components.choices.kind.text')}: Gamma` }) }).click();
  await page.getByRole('dialog', { name: t('pl', 'pageBuilder.removeTitle') }).getByRole('button', { name: t('pl', 'ra.action.delete') }).click();
  await cards(page).nth(1).getByRole('button', { name: t('pl', 'reorder.moveUp', { name: `${t('pl', 'resources.components.choices.kind.text')}: Beta` }) }).click();
  expect(await summaries(page)).toEqual(['Beta', 'Alfa']);
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(page.getByTestId('builder-status')).toHaveText(t('pl', 'pageBuilder.saved'));
  const saved = await api(request, token, 'get', `/pages/${made.id}/relationships/components`);
  expect(saved.data.map((d: { id: string }) => d.id)).toEqual([made.ids[1], made.ids[0]]);
});

test('a refusal of the server lands on its field in its card', async ({ page, request, problems }) => {
  problems.expect(/status of 422 .* @ \S+\/api\/v3\/components$/, 'the server refuses the component: what the test is about');
  const token = await tokenFor(request, 'editor');
  const made = await pageWithTexts(request, token, ['Wstęp']);
  const clubName = `E2E Klub znikający ${Date.now()}`;
  const club = await api(request, token, 'post', '/clubs', { data: { type: 'clubs', attributes: { name: clubName } } });
  await openAs(page, request, 'editor', `/pages/${made.id}`);
  await appReady(page);
  await page.getByTestId('builder-palette').locator('button[data-kind="club"]').click();
  const card = cards(page).nth(1);
  const chooser = card.getByRole('combobox', { name: new RegExp(`^${t('pl', 'pageBuilder.fields.club')}`) });
  await chooser.fill(clubName);
  await page.getByRole('option', { name: clubName }).click();
  // The club is deleted before the save: only the server can tell.
  await api(request, token, 'delete', `/clubs/${club.data.id}`);
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v3/components'));
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  expect((await created).status()).toBe(422);
  await expect(card.getByText(t('pl', 'validation.notFound'))).toBeVisible();
  await expect(page.getByTestId('builder-status')).toHaveText(t('pl', 'pageBuilder.fixIssues_one', { count: 1 }));
  // The text card above it has no problem; the club card is still unsaved.
  await expect(cards(page).first().getByText(t('pl', 'validation.notFound'))).toHaveCount(0);
  const stored = await api(request, token, 'get', `/pages/${made.id}/relationships/components`);
  expect(stored.data).toHaveLength(1);
});

test('a text component is written in the rich-text editor, bold included', { tag: '@postgres' }, async ({ page, request }) => {
  const token = await tokenFor(request, 'editor');
  const made = await pageWithTexts(request, token, ['Wstęp']);
  await openAs(page, request, 'editor', `/pages/${made.id}`);
  await appReady(page);
  await expect(cards(page)).toHaveCount(1);
  await page.getByTestId('builder-palette').locator('button[data-kind="text"]').click();
  const card = cards(page).nth(1);
  const body = card.getByRole('textbox', { name: t('pl', 'pageBuilder.fields.body') });
  await body.click();
  await page.keyboard.type('Mecz sezonu: ');
  await card.getByRole('button', { name: t('pl', 'richText.bold') }).click();
  await page.keyboard.type('derby');
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(page.getByTestId('builder-status')).toHaveText(t('pl', 'pageBuilder.saved'));
  const stored = await api(request, token, 'get', `/pages/${made.id}?include=components`);
  const text = stored.included!.find((i) => i.id === stored.data.relationships.components.data[1].id);
  expect(text.attributes.settings.body).toEqual({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Mecz sezonu: ' }, { type: 'text', text: 'derby', marks: [{ type: 'bold' }] }] }],
  });
});

test('staff build a main menu in a header element: a page and an https address, ordered, checked before saving', { tag: '@postgres' }, async ({ page, request }) => {
  const token = await tokenFor(request, 'editor');
  const n = Date.now();
  // A header element of its own, removed at the end: the demo's header and its menu stay as the site's tests expect them.
  const element = await api(request, token, 'post', '/global_page_elements', { data: { type: 'global_page_elements', attributes: { name: `E2E Menu ${n}`, slug: `e2e-menu-${n}`, area: 'header_footer' } } });
  const id = element.data.id as string;
  const news = (await api(request, token, 'get', '/pages?filter[slug]=aktualnosci')).data[0].id as string;
  try {
    await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'pl'));
    await openAs(page, request, 'editor', `/global_page_elements/${id}`);
    await appReady(page);
    await page.getByTestId('builder-palette').locator('button[data-kind="main_menu"]').click();
    const card = cards(page).first();
    const add = (list: string) => card.getByRole('button', { name: t('pl', 'pageBuilder.addItem', { name: t('pl', `pageBuilder.fields.${list}`) }) });
    const item = (i: number) => card.getByTestId(`list-item-settings.items-${i}`);
    const label = (i: number) => item(i).getByRole('textbox', { name: t('pl', 'pageBuilder.fields.label_pl') }).first();
    const address = (i: number) => item(i).getByRole('textbox', { name: t('pl', 'pageBuilder.fields.url') }).first();

    // An item to an address that is not https: the shared validator's message, before anything is sent.
    await add('items').click();
    await label(0).fill('Sklep');
    await address(0).fill('http://sklep.example.org/');
    await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
    await expect(card.getByText(t('pl', 'validation.httpsUrlRequired'))).toBeVisible();
    await address(0).fill('https://sklep.example.org/');

    // A second item leading to a page picked from the league's pages, moved first.
    await add('items').click();
    await label(1).fill('Aktualności');
    await item(1).getByRole('textbox', { name: t('pl', 'pageBuilder.fields.label_en') }).first().fill('News');
    await item(1).getByRole('combobox', { name: t('pl', 'pageBuilder.fields.page_id') }).first().click();
    await page.getByRole('option', { name: /^Aktualności \(\/aktualnosci\)/ }).click();
    await item(1).getByRole('button', { name: t('pl', 'pageBuilder.moveItemUp', { position: 2 }) }).first().click();
    await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
    await expect(page.getByTestId('builder-status')).toHaveText(t('pl', 'pageBuilder.saved'));

    const stored = await api(request, token, 'get', `/global_page_elements/${id}?include=components`);
    expect(stored.included!.map((c) => c.attributes.settings)).toEqual([
      { items: [{ label_pl: 'Aktualności', label_en: 'News', page_id: news }, { label_pl: 'Sklep', url: 'https://sklep.example.org/' }] },
    ]);
    // Readers get it with the page's address.
    const delivered = await request.get('/public/v1/current_page_elements?client=ekstraklasa-demo');
    const mine = ((await delivered.json()) as { included: { id: string; attributes: { settings: { items: unknown[] } } }[] }).included.find((c) => c.id === stored.included![0].id)!;
    expect(mine.attributes.settings.items[0]).toEqual({ label_pl: 'Aktualności', label_en: 'News', page_id: news, page_slug: 'aktualnosci' });
  } finally {
    const stored = await api(request, token, 'get', `/global_page_elements/${id}?include=components`);
    for (const c of stored.included ?? []) await api(request, token, 'delete', `/components/${c.id}`);
    await api(request, token, 'delete', `/global_page_elements/${id}`);
  }
});
