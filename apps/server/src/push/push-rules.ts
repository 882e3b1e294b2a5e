import { PUSH_EDITABLE_STATUSES } from '@umpire/schema';
import { systemClock, type Clock } from '../jobs/clock';
import { cancelJobs, enqueue } from '../jobs/queue';
import { apiError, type ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { defineRules } from '../jsonapi/rules';
import { fromDb, toDb } from '../db/values';

/**
 * Staff write a notification as a draft or schedule it; from then on the sender owns it. Scheduling
 * needs a target, leaves at most one link (article, match or page) and, without a time, means now.
 * Each write (re)places its one send job, so moving the time or going back to draft is exact.
 */
export const PUSH_SEND_JOB = 'push.send';
export const pushJobKey = (id: string | number) => `push:${id}`;
const LINK_NAMES = ['article', 'match', 'page'] as const;
const editable = (status: unknown) => (PUSH_EDITABLE_STATUSES as readonly unknown[]).includes(status);

let clock: Clock = systemClock;
export function setPushClock(c: Clock): void {
  clock = c;
}
/** The sender's time (a test's clock), for what is sent "now" (match alerts). */
export const pushNow = (): Date => clock.now();

defineRules('push_notifications', {
  async validate(_ctx, change) {
    if (change.before && !editable(change.before.status)) throw apiError(409, 'pushAlreadySent');
    const errors: ErrorSpec[] = [];
    const status = change.row.status ?? 'draft';
    if (!editable(status)) errors.push(fieldError('/data/attributes/status', 'status', 'invalidEnum', { values: [...PUSH_EDITABLE_STATUSES] }));
    const links = change.links ?? {};
    const linked = LINK_NAMES.filter((name) => links[name] != null);
    if (linked.length > 1) errors.push(fieldError(`/data/relationships/${linked[1]}`, linked[1], 'onlyOnePushLink'));
    const targets = links.targets;
    if (status === 'scheduled' && !(Array.isArray(targets) && targets.length))
      errors.push(fieldError('/data/relationships/targets', 'targets', 'atLeastOneItemRequired'));
    return errors;
  },
  async derive(ctx, row) {
    // "Send now": scheduled without a time.
    if (row.status === 'scheduled' && row.send_at == null) return { send_at: toDb(ctx.dialect, 'datetime', clock.now().toISOString()) };
    return {};
  },
  async afterWrite(ctx, event) {
    const key = pushJobKey(event.id);
    const after = event.after;
    if (event.action === 'delete' || !after || after.status !== 'scheduled') {
      await cancelJobs(ctx.db, key);
      return;
    }
    const runAt = new Date(String(fromDb('datetime', after.send_at)));
    await enqueue(ctx.db, ctx.dialect, PUSH_SEND_JOB, { clientId: ctx.clientId, id: Number(event.id) }, { runAt, key, maxAttempts: 5 }, clock.now());
  },
});
