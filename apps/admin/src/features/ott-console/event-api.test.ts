import { describe, expect, it } from 'vitest';
import type { HttpClient, HttpRequest } from '../../providers/http-client';
import { createEventPageApi } from './event-api';

/** A client answering from a table of `METHOD url` → [status, body], recording what was sent. */
function fake(answers: Record<string, [number, unknown]>) {
  const sent: { url: string; request: HttpRequest }[] = [];
  const client = (async (url: string, request: HttpRequest = {}) => {
    sent.push({ url, request });
    const answer = answers[`${request.method ?? 'GET'} ${url}`];
    if (!answer) throw new Error(`unexpected ${request.method ?? 'GET'} ${url}`);
    return { status: answer[0], headers: new Headers(), body: answer[1], url };
  }) as HttpClient;
  return { client, sent };
}

describe('the event page’s calls', () => {
  it('reads the status with health, and a 422 as the reason to show (spec §8)', async () => {
    const health = { input: 'primary', connected: { primary: true, backup: false }, bitrateKbps: 800, fps: 25, droppedFrames: 0, rttMs: null, packetLossPercent: null, at: '2026-05-01T18:00:00Z' };
    const ok = fake({
      'GET /api/v3/ott/events/5/status': [200, { data: { type: 'ott_event_statuses', id: '5', attributes: { status: 'live', stream_status: 'paused', use_backup: true, output_state: 'paused', health, owner_generation: 2, encoding: null } } }],
    });
    expect(await createEventPageApi(ok.client, ok.client, () => '/api/v3').status('5')).toEqual({
      status: 'live', streamStatus: 'paused', useBackup: true, outputState: 'paused', health, ownerGeneration: 2, encoding: null, problem: null,
    });
    const failed = fake({
      'GET /api/v3/ott/events/5/status': [422, { errors: [{ status: '422', code: 'ottEncodingFailed', detail: 'The encoding ended with ERROR: disk full', meta: { key: 'ottEncodingFailed', params: { state: 'ERROR', transcoding_job_id: '9' } } }] }],
    });
    const status = await createEventPageApi(failed.client, failed.client, () => '/api/v3').status('5');
    expect(status.problem).toBe('The encoding ended with ERROR: disk full');
    expect(status.encoding).toMatchObject({ id: '9', state: 'ERROR' });
  });

  it('sends start, pause and stop with use_backup, and a marker with its stream', async () => {
    const read = fake({});
    const write = fake({
      'PATCH /api/v3/ott/streams/3/pause': [200, { data: { type: 'ott_streams', id: '3', attributes: {} } }],
      'POST /api/v3/ott/markers?include=stream': [201, { data: { type: 'markers', id: '8', attributes: { kind: 'highlight', start_at: '2026-05-01T18:05:00Z', duration_seconds: 0, title: 'Gol' } } }],
    });
    const api = createEventPageApi(read.client, write.client, () => '/api/v3');
    await api.act('3', 'pause', true);
    expect(write.sent[0].request).toMatchObject({ method: 'PATCH', body: { data: { id: '3', type: 'ott_stream', attributes: { use_backup: true } } } });
    const marker = await api.addMarker('3', { kind: 'highlight', startAt: '2026-05-01T18:05:00Z', durationSeconds: 0, title: 'Gol' });
    expect(marker).toEqual({ id: '8', kind: 'highlight', startAt: '2026-05-01T18:05:00Z', durationSeconds: 0, title: 'Gol' });
    expect(write.sent[1].request.body).toMatchObject({ data: { type: 'markers', relationships: { stream: { data: { type: 'ott_streams', id: '3' } } } } });
    expect(read.sent).toHaveLength(0);
  });

  it('reads a stream’s secrets and ingest from its meta', async () => {
    const ingest = { primary: { rtmp: 'rtmp://h:1/live/k1', srt: 'srt://h:2?mode=caller' }, backup: { rtmp: 'rtmp://h:3/live/k2', srt: 'srt://h:4?mode=caller' } };
    const read = fake({
      'GET /api/v3/ott/streams/3': [200, { data: { type: 'ott_streams', id: '3', attributes: { protocol: 'rtmp', encryption: 'none', kind: 'live', status: 'idle', use_backup: false } }, meta: { live_engine: true, primary_key: 'k1', backup_key: 'k2', passphrase: null, ingest } }],
    });
    expect(await createEventPageApi(read.client, read.client, () => '/api/v3').stream('3')).toMatchObject({ status: 'idle', liveEngine: true, primaryKey: 'k1', passphrase: null, ingest });
  });
});
