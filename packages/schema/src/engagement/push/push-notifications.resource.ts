import { z } from 'zod';
import { defineResource } from '../../resource';
import { integer, oneOf, publicationDateTime, text } from '../../validators';
import { PUSH_STATUSES } from './push';

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
