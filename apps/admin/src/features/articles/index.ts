/**
 * Articles (issue 9): the list with live updates, the page of an article with its translations side
 * by side (the Tiptap editor loads with it), and the first step of a new one.
 */
export { default as ArticleList } from './article-list';
export { default as ArticleEdit } from './article-edit';
export { default as ArticleCreate } from './article-create';
