import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';
import { seriousViolations } from './support/axe';

/**
 * The page builder's OTT components pick their targets from the real records: a playlist found
 * by searching its name, two formats in an order, an OTT event; saved, reloaded, shown by name and
 * returned by the API; then one target changed and one removed. The records are made through the
 * API with names of this run, so the test does not depend on the demo data.
 */
const JSON_API = 'application/vnd.api+json';

async function api(request: APIRequestContext, token: string, method: 'get' | 'post', path: string, data?: unknown) {
  const response = await request[method](`/api/v3${path}`, { headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSON_API }, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBeTruthy();
  return (await response.json()) as { data: any; included?: any[] };
}

const cards = (page: Page) => page.getByTestId('builder-card');
const chooser = (card: Locator, field: string) => card.getByRole('combobox', { name: new RegExp(`^${t('pl', `pageBuilder.fields.${field}`)}`) });
/** The names of a many-link's picked records, in their order. */
const pickedNames = (card: Locator, field: string) => card.locator(`[data-testid$="-links-${field}-order"] li [data-state]`);

/** Types part of a record's name into a chooser and picks the record of that exact name. */
async function pick(page: Page, card: Locator, field: string, search: string, name: string) {
  const box = chooser(card, field);
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name, exact: true }).click();
}

test('OTT components pick a playlist, formats in order and an event; saved, reloaded, changed', { tag: '@postgres' }, async ({ page, request }) => {
  test.setTimeout(180_000);
  const run = `${Date.now().toString(36)}`;
  const operator = await tokenFor(request, 'operator');
  const made = async (path: string, type: string, title: string) => (await api(request, operator, 'post', `/ott/${path}`, { data: { type, attributes: { title } } })).data.id as string;
  const names = {
    playlist: `E2E Playlista ${run}`,
    otherPlaylist: `E2E Druga playlista ${run}`,
    formatA: `E2E Format A ${run}`,
    formatB: `E2E Format B ${run}`,
    event: `E2E Mecz ${run}`,
  };
  const ids = {
    playlist: await made('playlists', 'playlists', names.playlist),
    otherPlaylist: await made('playlists', 'playlists', names.otherPlaylist),
    formatA: await made('formats', 'formats', names.formatA),
    formatB: await made('formats', 'formats', names.formatB),
    event: await made('events', 'ott_events', names.event),
  };

  const token = await tokenFor(request, 'editor');
  const types = await api(request, token, 'get', '/page_types?filter[kind]=promo&page[size]=1');
  const made_page = await api(request, token, 'post', '/pages', {
    data: { type: 'pages', attributes: { title: `E2E Wideo ${run}`, slug: `e2e-wideo-${run}` }, relationships: { page_type: { data: { type: 'page_types', id: types.data[0].id } } } },
  });
  const pageId = made_page.data.id as string;
  await openAs(page, request, 'editor', `/pages/${pageId}`);
  await appReady(page);
  const palette = page.getByTestId('builder-palette');
  await expect(palette).toBeVisible();

  // A playlist component: its playlist found by searching part of its name.
  await palette.locator('button[data-kind="ott_playlist"]').click();
  const playlist = cards(page).nth(0);
  await expect(playlist).toHaveAttribute('data-kind', 'ott_playlist');
  await pick(page, playlist, 'playlist', `Playlista ${run}`, names.playlist);
  await expect(chooser(playlist, 'playlist')).toHaveValue(names.playlist);

  // A list of formats: B picked first, then A, then A moved up.
  await palette.locator('button[data-kind="ott_format_list"]').click();
  const formats = cards(page).nth(1);
  await expect(formats).toHaveAttribute('data-kind', 'ott_format_list');
  await pick(page, formats, 'formats', names.formatB, names.formatB);
  await pick(page, formats, 'formats', `Format A ${run}`, names.formatA);
  await expect(pickedNames(formats, 'formats')).toHaveText([names.formatB, names.formatA]);
  await formats.getByRole('button', { name: t('pl', 'reorder.moveUp', { name: names.formatA }) }).click();
  await expect(pickedNames(formats, 'formats')).toHaveText([names.formatA, names.formatB]);
  // A picked record is not offered twice.
  await chooser(formats, 'formats').fill(run);
  await expect(page.getByRole('option', { name: names.formatA, exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // An events component with one OTT event.
  await palette.locator('button[data-kind="events"]').click();
  const events = cards(page).nth(2);
  await expect(events).toHaveAttribute('data-kind', 'events');
  await pick(page, events, 'events', names.event, names.event);
  await expect(pickedNames(events, 'events')).toHaveText([names.event]);
  // The pickers and their ordered lists pass every axe rule (the builder's other parts are in accessibility.e2e.ts).
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(page.getByTestId('builder-status')).toHaveText(t('pl', 'pageBuilder.saved'));

  // After a reload every target is shown by its name.
  await page.reload();
  await expect(cards(page)).toHaveCount(3);
  const open = async (index: number) => {
    const card = cards(page).nth(index);
    await card.getByRole('button', { name: new RegExp(`^${t('pl', 'pageBuilder.edit', { name: '' })}`) }).click();
    return card;
  };
  const reloadedPlaylist = await open(0);
  await expect(chooser(reloadedPlaylist, 'playlist')).toHaveValue(names.playlist);
  const reloadedFormats = await open(1);
  await expect(pickedNames(reloadedFormats, 'formats')).toHaveText([names.formatA, names.formatB]);
  const reloadedEvents = await open(2);
  await expect(pickedNames(reloadedEvents, 'events')).toHaveText([names.event]);

  // The API returns the same targets.
  const linksOf = async () => {
    const stored = await api(request, token, 'get', `/pages/${pageId}?include=components`);
    const components = stored.data.relationships.components.data.map((r: { id: string }) => stored.included!.find((i) => i.type === 'components' && i.id === r.id));
    return components.map((c: any) => [c.attributes.kind, c.relationships.playlist?.data ?? c.relationships.formats?.data ?? c.relationships.events?.data]);
  };
  expect(await linksOf()).toEqual([
    ['ott_playlist', { type: 'playlists', id: ids.playlist }],
    ['ott_format_list', [{ type: 'formats', id: ids.formatA }, { type: 'formats', id: ids.formatB }]],
    ['events', [{ type: 'ott_events', id: ids.event }]],
  ]);

  // One target changed (another playlist), one removed (format A); saved and read back.
  await pick(page, reloadedPlaylist, 'playlist', names.otherPlaylist, names.otherPlaylist);
  await expect(chooser(reloadedPlaylist, 'playlist')).toHaveValue(names.otherPlaylist);
  await reloadedFormats.getByRole('button', { name: t('pl', 'pageBuilder.removeTarget', { name: names.formatA }) }).click();
  await expect(pickedNames(reloadedFormats, 'formats')).toHaveText([names.formatB]);
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(page.getByTestId('builder-status')).toHaveText(t('pl', 'pageBuilder.saved'));
  expect(await linksOf()).toEqual([
    ['ott_playlist', { type: 'playlists', id: ids.otherPlaylist }],
    ['ott_format_list', [{ type: 'formats', id: ids.formatB }]],
    ['events', [{ type: 'ott_events', id: ids.event }]],
  ]);
  await page.reload();
  await expect(chooser(await open(0), 'playlist')).toHaveValue(names.otherPlaylist);
  await expect(pickedNames(await open(1), 'formats')).toHaveText([names.formatB]);
});
