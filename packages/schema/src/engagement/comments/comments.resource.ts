import { z } from 'zod';
import { defineResource } from '../../resource';
import { integer, oneOf, text } from '../../validators';

/** A fan's comment waits (pending), is approved, or is hidden by a moderator (or by the author's ban). */
export const COMMENT_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
/**
 * The league's rule for other fans seeing a comment (client setting `comment_moderation`):
 * `pre`: once approved; `post`: at once, until hidden.
 */
export const COMMENT_MODERATION_MODES = ['pre', 'post'] as const;
export type CommentModerationMode = (typeof COMMENT_MODERATION_MODES)[number];
export const DEFAULT_COMMENT_MODERATION: CommentModerationMode = 'pre';
export const COMMENT_MAX_LENGTH = 2000;

/** The statuses other fans see under a moderation mode. */
export function visibleCommentStatuses(mode: CommentModerationMode): CommentStatus[] {
  return mode === 'post' ? ['pending', 'approved'] : ['approved'];
}

export function isCommentVisible(comment: { status: string; author_banned?: boolean | null }, mode: CommentModerationMode): boolean {
  if (comment.author_banned) return false;
  return (visibleCommentStatuses(mode) as string[]).includes(comment.status);
}

/** Comments of fans on an article or a match (spec §7: GET /comments, PATCH /comments/{id}). */
export const comments = defineResource({
  type: 'comments',
  table: 'comments',
  /**
   * The comments routes show what the league's moderation lets other fans see, of articles and
   * matches readers may see (comments/routes.ts); never their status, reports or author's id.
   */
  public: { reach: 'capability', attributes: ['body', 'author_name', 'created_at'], relationships: ['article', 'match'] },
  section: 'document',
  defaultSort: '-created_at',
  newestFirst: true,
  attributes: {
    body: { type: 'text', schema: text(COMMENT_MAX_LENGTH), required: true, search: true, list: true, example: 'Świetny mecz, brawo chłopaki!' },
    status: { type: 'string', schema: oneOf(COMMENT_STATUSES), default: 'pending', filter: true, sort: true, list: true, example: 'pending' },
    /** Kept by the server: the fan's display name, or the staff member who wrote it. */
    author_name: { type: 'string', schema: text(120), readOnly: true, filter: true, search: true, list: true },
    fan_id: { type: 'integer', schema: integer(1), readOnly: true, filter: true },
    /** How many fans reported the comment. */
    reports_count: { type: 'integer', schema: integer(0), readOnly: true, filter: 'range', sort: true, list: true },
    /** The author is banned: every comment of theirs is hidden and new ones are refused. Setting it bans, clearing it lifts the ban. */
    author_banned: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: false, filter: true, list: true },
  },
  relationships: {
    article: { kind: 'belongsTo', type: 'articles', onDelete: 'cascade' },
    match: { kind: 'belongsTo', type: 'matches', onDelete: 'cascade' },
  },
});
