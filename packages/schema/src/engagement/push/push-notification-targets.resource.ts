import { defineResource } from '../../resource';
import { oneOf, text } from '../../validators';
import { PUSH_SEGMENTS, PUSH_TARGET_PLATFORMS, PUSH_TOPIC_PATTERN } from './push';

/**
 * Who a notification goes to (spec §3): the subscriptions on a platform, narrowed to a topic fans
 * chose (a club's fans: the club, or any other topic) and to a segment of fans.
 */
export const pushNotificationTargets = defineResource({
  type: 'push_notification_targets',
  table: 'push_notification_targets',
  section: 'notification',
  titleAttribute: 'name',
  defaultSort: 'name',
  attributes: {
    name: { type: 'string', schema: text(120), required: true, unique: true, search: true, sort: true, filter: true, list: true, example: 'Kibice Legii (web)' },
    platform: { type: 'string', schema: oneOf(PUSH_TARGET_PLATFORMS), default: 'all', filter: true, sort: true, list: true, example: 'web' },
    segment: { type: 'string', schema: oneOf(PUSH_SEGMENTS), default: 'everyone', filter: true, sort: true, list: true, example: 'everyone' },
    topic: { type: 'string', schema: text(64).regex(PUSH_TOPIC_PATTERN, { error: 'pattern' }), filter: true, sort: true, list: true, example: 'news' },
  },
  relationships: {
    club: { kind: 'belongsTo', type: 'clubs', onDelete: 'cascade' },
  },
});
