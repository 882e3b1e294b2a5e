import { expect, test, type Page } from './support/test';
import { appReady, openAs, t } from './support/app';
import { seriousViolations } from './support/axe';

/**
 * The media library's uploads (spec §3, §4): three files dropped at once, one of which (an HTML
 * page named .jpg) the server refuses. Every state each file shows is recorded as it changes, so
 * the test sees PENDING, IN_PROGRESS with its progress, then DONE at 100 or ERROR at 100 with the
 * reason. The upload is slowed (Chromium's network throttling) so progress has steps to show.
 */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface Seen {
  name: string;
  state: string;
  progress: number;
}

/**
 * Records every (state, progress) an upload row takes, from its first paint on. Several renders
 * may land before the observer runs, so each row's history is rebuilt from the attribute changes'
 * old values (the value an attribute had until its next change, or has now).
 */
async function recordUploadStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { name: string; state: string; progress: number }[] = [];
    (window as unknown as { __uploads: typeof seen }).__uploads = seen;
    const ATTRS = ['data-state', 'data-progress'] as const;
    const isRow = (node: Node): node is Element => node instanceof Element && node.matches('[data-testid="upload-item"]');
    new MutationObserver((records) => {
      const changes = new Map<Element, { attr: string; old: string | null }[]>();
      for (const record of records) {
        if (record.type === 'attributes' && isRow(record.target)) {
          const list = changes.get(record.target) ?? [];
          list.push({ attr: record.attributeName!, old: record.oldValue });
          changes.set(record.target, list);
        }
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          for (const row of [node, ...Array.from(node.querySelectorAll('*'))].filter(isRow)) if (!changes.has(row)) changes.set(row, []);
        }
      }
      for (const [row, list] of changes) {
        const name = row.querySelector('[title]')?.getAttribute('title') ?? '';
        // The value of `attr` after change `i`: the old value of its next change, else the current one.
        const valueAfter = (attr: string, i: number) => list.slice(i + 1).find((c) => c.attr === attr)?.old ?? row.getAttribute(attr) ?? '';
        const snapshot = (i: number) => ({ name, state: valueAfter(ATTRS[0], i), progress: Number(valueAfter(ATTRS[1], i)) });
        const push = (entry: { name: string; state: string; progress: number }) => {
          const last = seen.filter((s) => s.name === name).at(-1);
          if (!last || last.state !== entry.state || last.progress !== entry.progress) seen.push(entry);
        };
        push(snapshot(-1));
        list.forEach((_change, i) => push(snapshot(i)));
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeOldValue: true, attributeFilter: [...ATTRS] });
  });
}

/** Drops files on the library the way a file manager does (a drag with files, then the drop). */
async function dropFiles(page: Page, files: { name: string; type: string; base64?: string; text?: string; size?: number }[]): Promise<void> {
  const zone = page.getByTestId('media-drop-zone');
  await zone.evaluate((element, specs) => {
    const transfer = new DataTransfer();
    for (const spec of specs) {
      const head = spec.base64 ? Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0)) : new TextEncoder().encode(spec.text ?? '');
      // Padded with spaces to the size asked for (a PDF may carry whitespace after its end).
      const bytes = new Uint8Array(new ArrayBuffer(Math.max(spec.size ?? 0, head.length)));
      bytes.set(head);
      bytes.fill(0x20, head.length);
      transfer.items.add(new File([bytes], spec.name, { type: spec.type }));
    }
    for (const type of ['dragenter', 'dragover', 'drop']) element.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }, files);
}

test('three files dropped at once: states, progress and the reason of the one refused', async ({ page, request, problems }) => {
  problems.expect(/status of 415 .* @ \S+\/media\/v1\/uploads\/files$/, 'one of the files is of a refused type');
  await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'en'));
  const folder = `e2e-${Date.now()}`;
  const token = await openAs(page, request, 'admin', '/files');
  await appReady(page);
  // A folder of its own, so the test sees only its files.
  const created = await request.post('/media/v1/files/create_subdirectory', {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    data: { path: '/', name: folder },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await page.goto(`/files?path=${encodeURIComponent(`/${folder}/`)}`);
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'resources.files.name_other') })).toBeVisible();
  await expect(page.getByText(t('en', 'mediaLibrary.emptyDrop'))).toBeVisible();

  await recordUploadStates(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });

  await dropFiles(page, [
    { name: 'crest.png', type: 'image/png', base64: PNG_1X1 },
    { name: 'programme.pdf', type: 'application/pdf', text: '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', size: 768 * 1024 },
    { name: 'fake.jpg', type: 'image/jpeg', text: '<!doctype html><html><body><script>alert(1)</script></body></html>' },
  ]);

  const rows = page.getByTestId('upload-item');
  await expect(rows).toHaveCount(3);
  const row = (name: string) => rows.filter({ hasText: name });
  await expect(row('programme.pdf')).toHaveAttribute('data-state', 'DONE', { timeout: 30_000 });
  await expect(row('crest.png')).toHaveAttribute('data-state', 'DONE');
  await expect(row('fake.jpg')).toHaveAttribute('data-state', 'ERROR');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // What each row shows at the end.
  for (const name of ['crest.png', 'programme.pdf']) {
    await expect(row(name)).toHaveAttribute('data-progress', '100');
    await expect(row(name).getByTestId('upload-state')).toHaveText(t('en', 'mediaLibrary.upload.states.DONE'));
    await expect(row(name).getByTestId('upload-progress')).toHaveText('100 %');
  }
  await expect(row('fake.jpg')).toHaveAttribute('data-progress', '100');
  await expect(row('fake.jpg').getByTestId('upload-state')).toHaveText(t('en', 'mediaLibrary.upload.states.ERROR'));
  await expect(row('fake.jpg').getByTestId('upload-reason')).toContainText(t('en', 'ui.wrongFileType'));
  await expect(row('fake.jpg').getByRole('button', { name: t('en', 'mediaLibrary.upload.retryFile', { name: 'fake.jpg' }) })).toBeVisible();

  // The way there: every file was PENDING first; the slowed one showed progress between 0 and
  // 100 that never went back; each ended at 100.
  const seen = await page.evaluate(() => (window as unknown as { __uploads: Seen[] }).__uploads);
  for (const name of ['crest.png', 'programme.pdf', 'fake.jpg']) {
    const states = seen.filter((s) => s.name === name);
    expect(states[0], name).toMatchObject({ state: 'PENDING', progress: 0 });
    expect(states.at(-1)?.progress, name).toBe(100);
  }
  const pdf = seen.filter((s) => s.name === 'programme.pdf' && s.state === 'IN_PROGRESS').map((s) => s.progress);
  expect(pdf.some((p) => p > 0 && p < 100), `progress of programme.pdf: ${pdf.join(', ')}`).toBe(true);
  expect(pdf).toEqual([...pdf].sort((a, b) => a - b));
  for (const s of seen) expect(['PENDING', 'IN_PROGRESS', 'DONE', 'ERROR']).toContain(s.state);

  // The two stored files are listed in the folder; the refused one is not.
  const items = page.getByTestId('media-item');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'crest.png' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'programme.pdf' })).toHaveCount(1);
  const listed = await request.get(`/media/v1/uploads/files?path=${encodeURIComponent(`/${folder}/`)}`, { headers: { Authorization: `Bearer ${token}` } });
  const names = ((await listed.json()) as { data: { attributes: { name: string } }[] }).data.map((f) => f.attributes.name).sort();
  expect(names).toEqual(['crest.png', 'programme.pdf']);

  // The details of a file, then the screen with its uploads is checked by axe.
  await items.filter({ hasText: 'crest.png' }).getByRole('button').first().click();
  await expect(page.getByTestId('file-details')).toContainText(t('en', 'usages.none'));
  expect(await seriousViolations(page)).toEqual([]);
});

test('a file is deleted only after confirming, and leaves the list once the server agreed', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'en'));
  const folder = `e2e-delete-${Date.now()}`;
  const token = await openAs(page, request, 'admin', '/files');
  const auth = { Authorization: `Bearer ${token}` };
  expect((await request.post('/media/v1/files/create_subdirectory', { headers: { ...auth, 'Content-Type': 'application/json' }, data: { path: '/', name: folder } })).ok()).toBeTruthy();
  const upload = await request.post('/media/v1/uploads/files', {
    headers: auth,
    multipart: { path: `/${folder}/`, file: { name: 'old-crest.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  await page.goto(`/files?path=${encodeURIComponent(`/${folder}/`)}&view=list`);
  const item = page.getByTestId('media-item').filter({ hasText: 'old-crest.png' });
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: t('en', 'mediaLibrary.actionsOf', { name: 'old-crest.png' }) }).click();
  await page.getByRole('menuitem', { name: t('en', 'ra.action.delete') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t('en', 'mediaLibrary.deleteConfirm'));
  await dialog.getByRole('button', { name: t('en', 'ra.action.cancel') }).click();
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: t('en', 'mediaLibrary.actionsOf', { name: 'old-crest.png' }) }).click();
  await page.getByRole('menuitem', { name: t('en', 'ra.action.delete') }).click();
  await page.getByRole('dialog').getByRole('button', { name: t('en', 'ra.action.delete') }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByText(t('en', 'mediaLibrary.emptyDrop'))).toBeVisible();
});

test('an image field picks a library picture with its focal point, alt texts and credit', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'en'));
  const folder = `e2e-picker-${Date.now()}`;
  const token = await openAs(page, request, 'admin', '/clubs/3');
  const auth = { Authorization: `Bearer ${token}` };
  expect((await request.post('/media/v1/files/create_subdirectory', { headers: { ...auth, 'Content-Type': 'application/json' }, data: { path: '/', name: folder } })).ok()).toBeTruthy();
  const upload = await request.post('/media/v1/uploads/files', {
    headers: auth,
    multipart: { path: `/${folder}/`, file: { name: 'new-crest.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const fileId = ((await upload.json()) as { data: { id: string } }).data.id;

  const field = page.getByRole('group', { name: t('en', 'resources.clubs.fields.image_id') });
  await field.getByRole('button', { name: new RegExp(`^(${t('en', 'image.change')}|${t('en', 'image.choose')})$`) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('media-item').filter({ hasText: folder }).getByRole('button').click();
  await dialog.getByTestId('media-item').filter({ hasText: 'new-crest.png' }).getByRole('button').click();
  // The focal point: a click at a quarter across and three quarters down, then one step right.
  const area = dialog.getByTestId('focal-point');
  const box = (await area.boundingBox())!;
  await area.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  await area.press('ArrowRight');
  await dialog.getByLabel(t('en', 'mediaLibrary.picker.altPl')).fill('Nowy herb');
  await dialog.getByLabel(t('en', 'mediaLibrary.picker.altEn')).fill('New crest');
  await dialog.getByLabel(t('en', 'mediaLibrary.picker.credit')).fill('Umpire e2e');
  expect(await seriousViolations(page)).toEqual([]);
  const created = page.waitForResponse((r) => /\/api\/v3\/images(\?|$)/.test(r.url()) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: t('en', 'mediaLibrary.picker.use') }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toHaveCount(0);
  await expect(field).toContainText('new-crest.png');
  const saved = page.waitForResponse((r) => r.url().includes('/api/v3/clubs/3') && r.request().method() === 'PATCH');
  await page.getByRole('button', { name: t('en', 'ra.action.save') }).click();
  expect((await saved).ok()).toBeTruthy();

  const club = await request.get('/api/v3/clubs/3?include=image', { headers: auth });
  const doc = (await club.json()) as { included: { type: string; attributes: Record<string, unknown> }[] };
  const image = doc.included.find((r) => r.type === 'images')!.attributes;
  expect(image).toMatchObject({ file_id: fileId, alt_text_pl: 'Nowy herb', alt_text_en: 'New crest', credit: 'Umpire e2e' });
  expect(image.focal_x as number).toBeCloseTo(0.3, 1);
  expect(image.focal_y as number).toBeCloseTo(0.75, 1);
});

/** A text with a count, in the plural form the language gives that count (`key_one`, `key_few`…). */
function tn(lang: 'pl' | 'en', key: string, count: number, params: Record<string, string | number> = {}): string {
  return t(lang, `${key}_${new Intl.PluralRules(lang).select(count)}`, { ...params, count });
}

test('several files move to another folder with the Move dialog and by dragging onto a folder of the tree (in Polish)', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'pl'));
  const base = `e2e-move-${Date.now()}`;
  const token = await openAs(page, request, 'admin', '/files');
  const auth = { Authorization: `Bearer ${token}` };
  for (const [path, name] of [[`/${base}/`, 'source'], [`/${base}/`, 'target'], [`/${base}/`, 'other'], [`/${base}/source/`, 'inner']]) {
    const made = await request.post('/media/v1/files/create_subdirectory', { headers: { ...auth, 'Content-Type': 'application/json' }, data: { path, name } });
    expect(made.ok(), await made.text()).toBeTruthy();
  }
  for (const name of ['a.png', 'b.png', 'c.png', 'd.png', 'e.png']) {
    const upload = await request.post('/media/v1/uploads/files', {
      headers: auth,
      multipart: { path: `/${base}/source/`, file: { name, mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') } },
    });
    expect(upload.ok(), await upload.text()).toBeTruthy();
  }
  const namesIn = async (path: string) => {
    const listed = await request.get(`/media/v1/uploads/files?path=${encodeURIComponent(path)}`, { headers: auth });
    return ((await listed.json()) as { data: { attributes: { name: string } }[] }).data.map((f) => f.attributes.name).sort();
  };

  await page.goto(`/files?path=${encodeURIComponent(`/${base}/source/`)}`);
  const items = page.getByTestId('media-item');
  await expect(items).toHaveCount(6);
  const tick = (name: string) => page.getByRole('checkbox', { name: t('pl', 'mediaLibrary.selection.select', { name }) });
  // a.png ticked, then c.png with Shift: a, b and c.
  await tick('a.png').click();
  await tick('c.png').click({ modifiers: ['Shift'] });
  const bar = page.getByRole('toolbar', { name: t('pl', 'mediaLibrary.selection.bar') });
  await expect(bar).toContainText(tn('pl', 'mediaLibrary.selection.count', 3));
  for (const name of ['a.png', 'b.png', 'c.png']) await expect(tick(name)).toBeChecked();
  await expect(tick('d.png')).not.toBeChecked();

  // The dialog refuses the folder "inner" into itself before any call.
  await tick('inner').click();
  await bar.getByRole('button', { name: t('pl', 'mediaLibrary.selection.moveTo') }).click();
  let dialog = page.getByRole('dialog');
  const tree = dialog.getByRole('navigation', { name: t('pl', 'mediaLibrary.moveTarget') });
  await tree.getByRole('button', { name: 'inner', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(t('pl', 'mediaLibrary.moveIntoItself', { name: 'inner' }));
  await expect(dialog.getByRole('button', { name: t('pl', 'mediaLibrary.move'), exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: t('pl', 'ra.action.cancel') }).click();
  await tick('inner').click();
  await expect(bar).toContainText(tn('pl', 'mediaLibrary.selection.count', 3));

  // Move to… with the keyboard: the target chosen in the tree with Enter, then Move.
  await bar.getByRole('button', { name: t('pl', 'mediaLibrary.selection.moveTo') }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(tn('pl', 'mediaLibrary.moveManyTitle', 3));
  await dialog.getByRole('navigation', { name: t('pl', 'mediaLibrary.moveTarget') }).getByRole('button', { name: 'target', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText(t('pl', 'mediaLibrary.moveTo', { path: `/${base}/target/` }));
  await dialog.getByRole('button', { name: t('pl', 'mediaLibrary.move'), exact: true }).press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(items).toHaveCount(3);
  for (const name of ['a.png', 'b.png', 'c.png']) await expect(items.filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByTestId('media-announcement')).toHaveText(tn('pl', 'mediaLibrary.moved', 3));
  await expect(bar).toHaveCount(0);
  expect(await namesIn(`/${base}/target/`)).toEqual(['a.png', 'b.png', 'c.png']);
  expect(await namesIn(`/${base}/source/`)).toEqual(['d.png', 'e.png', 'inner/']);

  // d.png and the folder "inner" ticked, then dragged onto the folder "other" in the tree.
  await tick('d.png').click();
  await tick('inner').click({ modifiers: ['Control'] });
  await expect(bar).toContainText(tn('pl', 'mediaLibrary.selection.count', 2));
  const node = page.getByRole('navigation', { name: t('pl', 'mediaLibrary.folders') }).getByRole('button', { name: 'other', exact: true });
  await items.filter({ hasText: 'd.png' }).dragTo(node);
  await expect(items).toHaveCount(1);
  await expect(items.filter({ hasText: 'e.png' })).toHaveCount(1);
  await expect(page.getByTestId('media-announcement')).toHaveText(tn('pl', 'mediaLibrary.movedTo', 2, { path: `/${base}/other/` }));
  expect(await namesIn(`/${base}/other/`)).toEqual(['d.png', 'inner/']);
  expect(await namesIn(`/${base}/source/`)).toEqual(['e.png']);

  // In the table, e.png dragged onto a segment of the path bar (the folder above).
  await page.goto(`/files?path=${encodeURIComponent(`/${base}/source/`)}&view=list`);
  await expect(items).toHaveCount(1);
  await items.filter({ hasText: 'e.png' }).dragTo(page.getByRole('navigation', { name: t('pl', 'mediaLibrary.breadcrumbs') }).getByRole('button', { name: base, exact: true }));
  await expect(items).toHaveCount(0);
  expect(await namesIn(`/${base}/`)).toEqual(['e.png', 'other/', 'source/', 'target/']);

  // Up there, in the table, e.png dragged onto the row of the folder "target".
  await page.goto(`/files?path=${encodeURIComponent(`/${base}/`)}&view=list`);
  await expect(items).toHaveCount(4);
  await items.filter({ hasText: 'e.png' }).dragTo(items.filter({ hasText: 'target' }));
  await expect(items).toHaveCount(3);
  expect(await namesIn(`/${base}/target/`)).toEqual(['a.png', 'b.png', 'c.png', 'e.png']);
});

test('several files are deleted at once after a confirmation with their count and where they are used', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'en'));
  const base = `e2e-bulk-${Date.now()}`;
  const token = await openAs(page, request, 'admin', '/files');
  const auth = { Authorization: `Bearer ${token}` };
  expect((await request.post('/media/v1/files/create_subdirectory', { headers: { ...auth, 'Content-Type': 'application/json' }, data: { path: `/${base}/`, name: 'into' } })).ok()).toBeTruthy();
  const ids: Record<string, string> = {};
  for (const name of ['used.png', 'spare.png', 'kept.png', 'dragged.png']) {
    const upload = await request.post('/media/v1/uploads/files', {
      headers: auth,
      multipart: { path: `/${base}/`, file: { name, mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') } },
    });
    expect(upload.ok(), await upload.text()).toBeTruthy();
    ids[name] = ((await upload.json()) as { data: { id: string } }).data.id;
  }
  // used.png is held by an images record: deleting it unlinks that record.
  const image = await request.post('/api/v3/images', {
    headers: { ...auth, 'Content-Type': 'application/vnd.api+json' },
    data: { data: { type: 'images', attributes: { file_id: ids['used.png'], name: `Bulk ${base}` } } },
  });
  expect(image.ok(), await image.text()).toBeTruthy();

  // The thumbnails are held back until the drag is over, as on a slow connection: a drag that
  // started on a thumbnail still loading once went nowhere.
  const held: (() => Promise<void>)[] = [];
  const thumbnails = (url: URL) => url.pathname.startsWith('/img/');
  await page.route(thumbnails, (route) => void held.push(() => route.continue()));
  await page.goto(`/files?path=${encodeURIComponent(`/${base}/`)}`);
  const items = page.getByTestId('media-item');
  await expect(items).toHaveCount(5);
  await expect(items.filter({ hasText: 'dragged.png' }).locator('img')).toHaveCount(1);
  // A file dragged onto a folder tile of the grid moves into it.
  await items.filter({ hasText: 'dragged.png' }).dragTo(items.filter({ hasText: 'into' }));
  await expect(items).toHaveCount(4);
  await Promise.all(held.map((release) => release()));
  await page.unroute(thumbnails);
  await expect(items.filter({ hasText: 'into' })).toContainText(tn('en', 'mediaLibrary.items', 1));

  const tick = (name: string) => page.getByRole('checkbox', { name: t('en', 'mediaLibrary.selection.select', { name }) });
  await tick('used.png').click();
  await tick('spare.png').click();
  const bar = page.getByRole('toolbar', { name: t('en', 'mediaLibrary.selection.bar') });
  await bar.getByRole('button', { name: t('en', 'ra.action.delete') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(tn('en', 'mediaLibrary.deleteManyTitle', 2));
  await expect(dialog).toContainText(tn('en', 'mediaLibrary.deleteManyConfirm', 2));
  await expect(dialog).toContainText(tn('en', 'usages.deleteWarning', 1));
  await expect(dialog).toContainText(`Bulk ${base}`);
  await dialog.getByRole('button', { name: t('en', 'ra.action.cancel') }).click();
  await expect(items).toHaveCount(4);
  await bar.getByRole('button', { name: t('en', 'ra.action.delete') }).click();
  const gone = page.waitForResponse((r) => r.url().includes(`/uploads/files/${ids['spare.png']}`) && r.request().method() === 'DELETE');
  await page.getByRole('dialog').getByRole('button', { name: t('en', 'mediaLibrary.deleteAnyway') }).click();
  expect((await gone).status()).toBe(204);
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('media-announcement')).toHaveText(tn('en', 'mediaLibrary.deleted', 2));
  const listed = await request.get(`/media/v1/uploads/files?path=${encodeURIComponent(`/${base}/`)}`, { headers: auth });
  expect(((await listed.json()) as { data: { attributes: { name: string } }[] }).data.map((f) => f.attributes.name).sort()).toEqual(['into/', 'kept.png']);
});

test("a video's preview streams from the content route with the token in its address", async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'en'));
  await openAs(page, request, 'admin', '/files?path=%2Fwideo%2F');
  const answers: number[] = [];
  page.on('response', (r) => {
    if (/\/uploads\/files\/\d+\/content\?token=/.test(r.url())) answers.push(r.status());
  });
  const video = page.getByTestId('media-item').filter({ hasText: '.mp4' }).first();
  await video.getByRole('button').first().click();
  const player = page.getByTestId('video-preview');
  await expect(player).toHaveAttribute('src', /\/media\/v1\/uploads\/files\/\d+\/content\?token=/);
  // The browser reads what it needs by ranges, and knows the clip's length without holding it whole.
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await player.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1);
  // Answered as byte ranges (206), never refused for want of a header.
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.every((status) => status === 206), answers.join(', ')).toBe(true);
});

test('"select all" in a folder of several pages ticks every file of it, and they all move', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'en'));
  const base = `e2e-all-${Date.now()}`;
  const token = await openAs(page, request, 'admin', '/files');
  const auth = { Authorization: `Bearer ${token}` };
  expect((await request.post('/media/v1/files/create_subdirectory', { headers: { ...auth, 'Content-Type': 'application/json' }, data: { path: `/${base}/`, name: 'to' } })).ok()).toBeTruthy();
  // 54 files: two pages of 50 (the folder "to" is listed first).
  for (let i = 0; i < 54; i++) {
    const upload = await request.post('/media/v1/uploads/files', {
      headers: auth,
      multipart: { path: `/${base}/`, file: { name: `p${String(i).padStart(2, '0')}.png`, mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') } },
    });
    expect(upload.ok(), await upload.text()).toBeTruthy();
  }
  await page.goto(`/files?path=${encodeURIComponent(`/${base}/`)}`);
  const items = page.getByTestId('media-item');
  await expect(items).toHaveCount(50, { timeout: 30_000 });
  await page.getByRole('checkbox', { name: t('en', 'mediaLibrary.selection.all') }).check();
  const bar = page.getByRole('toolbar', { name: t('en', 'mediaLibrary.selection.bar') });
  await expect(bar).toContainText(tn('en', 'mediaLibrary.selection.count', 55));
  // The folder "to" itself stays behind: unticked, then everything else moves into it.
  await page.getByRole('checkbox', { name: t('en', 'mediaLibrary.selection.select', { name: 'to' }) }).uncheck();
  await expect(bar).toContainText(tn('en', 'mediaLibrary.selection.count', 54));
  await bar.getByRole('button', { name: t('en', 'mediaLibrary.selection.moveTo') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('navigation', { name: t('en', 'mediaLibrary.moveTarget') }).getByRole('button', { name: 'to', exact: true }).click();
  await dialog.getByRole('button', { name: t('en', 'mediaLibrary.move'), exact: true }).click();
  await expect(dialog).toHaveCount(0, { timeout: 60_000 });
  await expect(items).toHaveCount(1);
  const listed = await request.get(`/media/v1/uploads/files?path=${encodeURIComponent(`/${base}/to/`)}&page[size]=100`, { headers: auth });
  expect(((await listed.json()) as { meta: { total: number } }).meta.total).toBe(54);
});
