import { randomBytes } from 'node:crypto';
import { ApiError, errorSpec, type ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import { defineRules } from '../jsonapi/rules';
import { publish } from '../jsonapi/write';
import { fromDb } from '../db/values';
import { systemClock } from '../jobs/clock';
import { isCountryValue } from './countries';
import { createJob } from './transcoding';

/** A stream key: 24 random bytes, URL-safe (it travels in RTMP URLs). */
const streamKey = () => randomBytes(24).toString('base64url');
/** An SRT passphrase: 32 characters (SRT takes 10 to 79). */
export const newPassphrase = () => randomBytes(24).toString('base64url');
/** A stream's secrets: made with it, and made again when a leaked one is replaced (POST …/rotate_keys). */
export const newStreamSecrets = () => ({ primary_key: streamKey(), backup_key: streamKey(), passphrase: newPassphrase() });

const LOCKED = ['protocol', 'encryption', 'kind'] as const;

defineRules('ott_streams', {
  async validate(_ctx, { before, row }) {
    if (!before || !['live', 'paused'].includes(String(before.status))) return [];
    // An encoder pushing now would be cut off, and its address would no longer be the one handed out.
    return LOCKED.some((name) => row[name] !== before[name]) ? [errorSpec(422, 'streamLocked', { source: { pointer: '/data/attributes' } })] : [];
  },
  // A stream on air is stopped first: deleting it would cut viewers off without its recording closed.
  async beforeDelete(_ctx, before) {
    if (['live', 'paused'].includes(String(before.status))) throw new ApiError([errorSpec(409, 'streamLocked')]);
  },
  async derive(_ctx, row) {
    // The secrets are made once, with the stream, and never come from a body.
    return row.id == null ? newStreamSecrets() : {};
  },
});

// Spec §4: creating a marker first removes the stream's other markers.
defineRules('markers', {
  async afterWrite(ctx, event) {
    if (event.action !== 'create' || !event.after) return;
    const model = modelOf('markers');
    const others = await ctx.db
      .selectFrom(model.table)
      .select(model.readColumns)
      .where('client_id', '=', ctx.clientId)
      .where('stream_id', '=', Number(event.after.stream_id))
      .where('id', '!=', Number(event.id))
      .execute();
    if (!others.length) return;
    await ctx.db.deleteFrom(model.table).where('id', 'in', others.map((o) => Number(o.id))).execute();
    for (const o of others) publish(ctx, model, 'delete', String(o.id), o, null);
  },
});

defineRules('formats', {
  // The order names the format's own segments, each once.
  async validate(ctx, { row }) {
    const order = (fromDb('json', row.segments_order) ?? []) as { segment_id: string }[];
    if (!order.length) return [];
    const own = row.id == null
      ? new Set<string>()
      : new Set(
          (await ctx.db.selectFrom('ott_segments').select('id').where('client_id', '=', ctx.clientId).where('format_id', '=', Number(row.id)).execute()).map((s) => String(s.id)),
        );
    const errors: ErrorSpec[] = [];
    const seen = new Set<string>();
    order.forEach((item, i) => {
      const pointer = `/data/attributes/segments_order/${i}/segment_id`;
      if (!own.has(item.segment_id)) errors.push(fieldError(pointer, 'segment_id', 'notFound'));
      else if (seen.has(item.segment_id)) errors.push(fieldError(pointer, 'segment_id', 'unique'));
      seen.add(item.segment_id);
    });
    return errors;
  },
});

defineRules('ott_events', {
  // The codes of the country list only (the pattern alone would let Kosovo's XK through).
  async validate(_ctx, { row }) {
    const allowed = (fromDb('json', row.allowed_country) ?? []) as unknown[];
    return allowed.flatMap((code, i) => (isCountryValue(code) ? [] : [fieldError(`/data/attributes/allowed_country/${i}`, 'allowed_country', 'invalidCountry')]));
  },
  // Choosing (or changing) the event's video starts its VOD transcoding, in the same transaction.
  async afterWrite(ctx, event) {
    const videoId = event.after?.video_id;
    if (videoId == null || event.before?.video_id === videoId) return;
    await createJob(ctx, { eventId: Number(event.id), videoId: Number(videoId), source: 'vod' }, systemClock.now());
  },
});
