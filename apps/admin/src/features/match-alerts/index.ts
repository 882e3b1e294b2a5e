/**
 * Settings › Match alerts (issue 41): which kinds of alert the match centre sends by itself, and
 * their texts in Polish and English with a live preview of the notification.
 */
export { default as MatchAlertTemplateList } from './template-list';
export { MatchAlertTemplateCreate, MatchAlertTemplateEdit } from './template-edit';
