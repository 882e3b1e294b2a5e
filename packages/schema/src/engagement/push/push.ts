/**
 * Push notifications (issue 10): shapes shared by the server, the admin and the fan API.
 */
export const PUSH_PLATFORMS = ['web', 'mobile'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];
/** What a target reaches on: one platform or both. */
export const PUSH_TARGET_PLATFORMS = ['all', 'web', 'mobile'] as const;
/** Fans a target narrows to: every subscriber, or those with an account / an anonymous device. */
export const PUSH_SEGMENTS = ['everyone', 'accounts', 'devices'] as const;
/** draft and scheduled are chosen by staff; sending, sent and failed are set by the sender. */
export const PUSH_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'failed'] as const;
export const PUSH_EDITABLE_STATUSES = ['draft', 'scheduled'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];
export const PUSH_LOCALES = ['pl', 'en'] as const;
/** A topic fans choose (`club:12`, `news`): lower-case words, digits, `:`, `_`, `-`. */
export const PUSH_TOPIC_PATTERN = /^[a-z0-9][a-z0-9:_-]{0,63}$/;
/** The topic of a club's fans. */
export const clubTopic = (clubId: string | number) => `club:${clubId}`;

/** What a notification's payload carries to the service worker (JSON, encrypted per RFC 8291). */
export interface PushPayload {
  notification_id: string;
  locale: string;
  title: string;
  body: string;
  image: string | null;
  link: { type: 'articles' | 'matches' | 'pages'; id: string } | null;
  /**
   * A match alert's tag (issue 41, matchAlertTag): the service worker shows the notification
   * under it, so a correction replaces the alert it corrects. Null for staff-written ones.
   */
  tag?: string | null;
  /** A match alert's kind (MATCH_ALERT_TEMPLATE_KINDS); absent for staff-written ones. */
  kind?: string | null;
}
/** Who wrote a notification: staff, or the match centre by itself (issue 41). */
export const PUSH_ORIGINS = ['staff', 'match_alert'] as const;
