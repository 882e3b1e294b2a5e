import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';

/**
 * The OTT console's event page (issue 11, points 7 and 8): an operator opens a live event, copies
 * the RTMP ingest address shown on the page, a contribution encoder (ffmpeg: a small test pattern
 * with a burnt-in clock and tone) pushes to it, Start publishes it, and the page's `<video>`
 * really plays the server's HLS in Chromium (hls.js); a marker is added at the current moment;
 * Pause shows the slate, Stop asks first and ends the event, and the recording becomes an MP4.
 */
type Lang = 'pl' | 'en';
const LANG: Lang = 'pl';
const LIVE = { timeout: 45_000 };

async function call<T = { data: { id: string } }>(request: APIRequestContext, token: string, method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const response = await request[method](`/api/v3${path}`, { headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' }, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

/** A live RTMP stream and its pay-per-view event, made through the API. */
async function liveEvent(request: APIRequestContext, token: string, title: string) {
  const stream = await call(request, token, 'post', '/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'rtmp', encryption: 'none', kind: 'live' } } });
  const event = await call(request, token, 'post', '/ott/events', {
    data: { type: 'ott_events', attributes: { title, access: 'pay_per_view' }, relationships: { stream: { data: { type: 'ott_streams', id: stream.data.id } } } },
  });
  return { streamId: stream.data.id, eventId: event.data.id };
}

/** The contribution: a few seconds' worth at a time of a 320x180 test pattern, as ott-live.test.ts sends it. */
function contribute(url: string, seconds: number): ChildProcess {
  return spawn(
    'nice',
    ['-n', '10', 'ffmpeg', '-hide_banner', '-nostdin', '-loglevel', 'error', '-re',
      '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds),
      '-vf', "drawtext=text='%{localtime\\:%T}':fontcolor=white:fontsize=20:x=8:y=8",
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url],
    { stdio: 'ignore' },
  );
}

const videoState = (page: Page) =>
  page.getByTestId('event-preview').evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, width: v.videoWidth, paused: v.paused }));

/** The preview plays: frames of a real size, and its clock moves on. */
async function expectPlaying(page: Page) {
  await expect.poll(async () => (await videoState(page)).width, LIVE).toBeGreaterThan(0);
  const first = (await videoState(page)).time;
  await expect.poll(async () => (await videoState(page)).time, LIVE).toBeGreaterThan(first + 1);
}

test('the event page plays the live preview, and starts, pauses and stops the stream', async ({ page, request, context, problems }) => {
  test.setTimeout(240_000);
  problems.expect(/status of 404 .* @ \S+\/ott\/hls\/live\/\d+\/\S+\.m3u8$/, 'the live playlist is there only once the encoder wrote its first segment; the preview asks again until it is');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const token = await tokenFor(request, 'admin');
  const title = `Legia – Lech ${Date.now()}`;
  const { eventId, streamId } = await liveEvent(request, token, title);

  let encoder: ChildProcess | undefined;
  try {
    await page.addInitScript((value) => localStorage.setItem('preferredLanguage', value), LANG);
    await openAs(page, request, 'admin', '/ott_events');
    await appReady(page);
    // Opened from the events list.
    await page.getByRole('row').filter({ hasText: title }).click();
    await expect(page).toHaveURL(new RegExp(`/ott_events/${eventId}/show`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('no-signal')).toContainText(t(LANG, 'ottConsole.event.noSignal'));
    await expect(page.getByTestId('event-status')).toContainText(t(LANG, 'resources.ott_events.choices.status.pending'));
    await expect(page.getByTestId('stream-start')).toBeEnabled();
    await expect(page.getByTestId('stream-pause')).toBeDisabled();
    await expect(page.getByTestId('stream-stop')).toBeDisabled();

    // New keys, as for a key that leaked before the crew got it: asked first; the old key is gone.
    const keyOf = async () =>
      ((await (await request.get(`/api/v3/ott/streams/${streamId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { meta: { primary_key: string } }).meta.primary_key;
    const oldKey = await keyOf();
    await page.getByRole('button', { name: t(LANG, 'ottConsole.event.rotateKeys') }).click();
    const rotate = page.getByRole('dialog', { name: t(LANG, 'ottConsole.event.rotateKeysTitle') });
    await rotate.getByRole('button', { name: t(LANG, 'ottConsole.event.rotateKeysConfirm') }).click();
    await expect(page.getByRole('status').filter({ hasText: t(LANG, 'ottConsole.event.rotateKeysDone') })).toBeVisible();
    await expect(rotate).toHaveCount(0);
    expect(await keyOf()).not.toBe(oldKey);

    // The primary RTMP address, copied with its button: masked on the page, whole in the clipboard.
    const primary = page.getByTestId('ingest-primary');
    const rtmpLabel = t(LANG, 'ottConsole.event.rtmpUrl', { role: t(LANG, 'ottConsole.event.primary') });
    await primary.getByRole('button', { name: t(LANG, 'ottConsole.event.copy', { name: rtmpLabel }) }).click();
    await expect(primary.getByText(t(LANG, 'ottConsole.event.copied'))).toBeVisible();
    const rtmp = await page.evaluate(() => navigator.clipboard.readText());
    expect(rtmp).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live\/.+/);
    const key = decodeURIComponent(rtmp.split('/').pop()!);
    expect(key).not.toBe(oldKey);
    await expect(primary.getByTestId('ingest-value').first()).not.toContainText(key.slice(0, -4));
    await page.getByRole('button', { name: t(LANG, 'ottConsole.event.showSecrets') }).click();
    await expect(primary.getByTestId('ingest-value').first()).toHaveText(rtmp);

    encoder = contribute(rtmp, 90);
    await expect(page.getByTestId('connected-primary')).toContainText(t(LANG, 'ottConsole.event.connected'), LIVE);
    await expect(page.getByTestId('health-graph').first()).toBeVisible();

    await page.getByTestId('stream-start').click();
    await expect(page.getByTestId('event-status')).toContainText(t(LANG, 'resources.ott_events.choices.status.live'));
    await expect(page.getByTestId('stream-status')).toContainText(t(LANG, 'resources.ott_streams.choices.status.live'));
    await expectPlaying(page);
    await expect(page.getByTestId('no-signal')).toHaveCount(0);
    // On air, new keys would cut the encoder off: not offered.
    await expect(page.getByRole('button', { name: t(LANG, 'ottConsole.event.rotateKeys') })).toBeDisabled();

    // A marker at the current moment, after the warning that it replaces none yet.
    await page.getByRole('button', { name: t(LANG, 'ottConsole.event.addMarker') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t(LANG, 'resources.markers.fields.title')).fill('Gol Legii');
    await dialog.getByRole('button', { name: t(LANG, 'ottConsole.event.addMarkerConfirm'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('marker-list')).toContainText('Gol Legii');
    const markers = await call<{ data: { attributes: { title: string } }[] }>(request, token, 'get', `/ott/markers?filter[stream_id]=${streamId}`);
    expect(markers.data.map((m) => m.attributes.title)).toEqual(['Gol Legii']);

    // Pause: the slate goes on air, the preview keeps playing it, and the ingest stays connected.
    await page.getByTestId('stream-pause').click();
    await expect(page.getByTestId('stream-status')).toContainText(t(LANG, 'resources.ott_streams.choices.status.paused'));
    await expect(page.getByTestId('stream-pause')).toBeDisabled();
    await expect(page.getByTestId('stream-start')).toBeEnabled();
    await expectPlaying(page);
    await expect(page.getByTestId('connected-primary')).toContainText(t(LANG, 'ottConsole.event.connected'));

    // Stop asks first; cancelling changes nothing, confirming ends the event.
    await page.getByTestId('stream-stop').click();
    await page.getByRole('dialog').getByRole('button', { name: t(LANG, 'ra.action.cancel') }).click();
    await expect(page.getByTestId('stream-status')).toContainText(t(LANG, 'resources.ott_streams.choices.status.paused'));
    await page.getByTestId('stream-stop').click();
    await expect(page.getByRole('dialog')).toContainText(title);
    await page.getByTestId('confirm-stop').click();
    await expect(page.getByTestId('event-status')).toContainText(t(LANG, 'resources.ott_events.choices.status.ended'), LIVE);
    await expect(page.getByTestId('stream-status')).toContainText(t(LANG, 'resources.ott_streams.choices.status.ended'));
    for (const action of ['start', 'pause', 'stop']) await expect(page.getByTestId(`stream-${action}`)).toBeDisabled();
    const status = await call<{ data: { attributes: { status: string; stream_status: string } } }>(request, token, 'get', `/ott/events/${eventId}/status`);
    expect(status.data.attributes).toMatchObject({ status: 'ended', stream_status: 'ended' });

    // The recording made into an MP4 by a job; its link serves the file.
    await page.getByRole('button', { name: t(LANG, 'ottConsole.event.makeMp4') }).click();
    const link = page.getByTestId('recording-link');
    await expect(link).toBeVisible(LIVE);
    await expect(page.getByTestId('recording-jobs')).toContainText(t(LANG, 'resources.transcoding_jobs.choices.state.FINISHED'));
    // A paid event: the preview and the download are signed, expiring addresses.
    const href = String(await link.getAttribute('href'));
    expect(href).toMatch(/\/ott\/hls\/vod\/\d+\/s\/\d+\/[\w-]{43}\/recording\.mp4$/);
    expect((await request.get(href.replace(/\/s\/\d+\/[\w-]{43}/, ''))).status()).toBe(403);
    const mp4 = await request.get(href);
    expect(mp4.status()).toBe(200);
    expect(mp4.headers()['content-type']).toContain('video/mp4');
    expect((await mp4.body()).length).toBeGreaterThan(10_000);
  } finally {
    encoder?.kill('SIGKILL');
  }
});
