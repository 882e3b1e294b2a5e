import { z } from 'zod';
import { defineResource } from '../../resource';
import { integer, oneOf, publicationDateTime, text } from '../../validators';
import { PUSH_ORIGINS, PUSH_STATUSES } from './push';
import { MATCH_ALERT_TEMPLATE_KINDS } from './match-alerts';

const count = (example: number) => ({ type: 'integer' as const, schema: integer(0), readOnly: true, list: true, example });

/**
 * A push notification (spec §3, issue 10): title and body in Polish and English, an image, a link
 * to an article, a match or a page, its targets and the time it is sent. At that time a job sends
 * it with Web Push to the subscriptions of its targets and counts the outcome here.
 */
export const pushNotifications = defineResource({
  type: 'push_notifications',
  table: 'push_notifications',
  section: 'notification',
  titleAttribute: 'title_pl',
  defaultSort: '-created_at',
  newestFirst: true,
  attributes: {
    title_pl: { type: 'string', schema: text(120), required: true, search: true, sort: true, list: true, example: 'Bramka w doliczonym czasie!' },
    title_en: { type: 'string', schema: text(120), search: true, example: 'Stoppage-time winner!' },
    body_pl: { type: 'text', schema: text(500), required: true, search: true, example: 'Zobacz skrót meczu.' },
    body_en: { type: 'text', schema: text(500), search: true, example: 'Watch the highlights.' },
    status: { type: 'string', schema: oneOf(PUSH_STATUSES), default: 'draft', filter: true, sort: true, list: true, example: 'draft' },
    /** When it goes out; scheduling without one means now. */
    send_at: { type: 'datetime', schema: publicationDateTime(), filter: 'range', sort: true, list: true, example: '2030-05-01T18:00:00Z' },
    started_at: { type: 'datetime', schema: z.string(), readOnly: true, sort: true },
    finished_at: { type: 'datetime', schema: z.string(), readOnly: true, sort: true },
    /** Subscriptions its targets reached when sending began. */
    total_count: count(0),
    /** Handed to a push service (delivered + expired + failed). */
    sent_count: count(0),
    /** Accepted by the push service (201/202). */
    delivered_count: count(0),
    /** The push service said the subscription is gone (404/410): it was removed. */
    expired_count: count(0),
    failed_count: count(0),
    /** Failed deliveries per reason (`HTTP 500`, `timeout`, `interrupted`…). */
    failure_reasons: { type: 'json', schema: z.record(z.string(), z.number()), readOnly: true },
    /** Staff wrote it, or the match centre made it from an incident (issue 41): those are never edited. */
    origin: { type: 'string', schema: oneOf(PUSH_ORIGINS), readOnly: true, default: 'staff', filter: true, sort: true, list: true, example: 'staff' },
    /**
     * A match alert's kind (a goal, a red card…, or the correction of one). No example: a
     * notification staff write has none, so the resource suite's filter by example could not find it.
     */
    alert_kind: { type: 'string', schema: oneOf(MATCH_ALERT_TEMPLATE_KINDS), readOnly: true, filter: true, list: true },
    /** A match alert's tag (matchAlertTag, e.g. `m155-i9876`): an alert and its corrections share it. */
    alert_tag: { type: 'string', schema: text(32), readOnly: true, filter: true },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
  },
  links: {
    table: 'push_notification_links',
    foreignKey: 'push_notification_id',
    names: {
      targets: { target: 'push_notification_targets', many: true },
      article: { target: 'articles' },
      match: { target: 'matches' },
      page: { target: 'pages' },
    },
  },
});
