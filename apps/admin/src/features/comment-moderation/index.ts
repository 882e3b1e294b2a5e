/** Comment moderation: the queue of fans' comments with its actions and the league's moderation mode. */
export { default as CommentModerationList } from './comment-moderation-list';
