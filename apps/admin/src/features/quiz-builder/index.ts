/**
 * The quiz builder (issue 10): a quiz's questions and answers edited and reordered, the ban of
 * an attempt flipped from the list, and the prize of a ranking row.
 */
export { QuestionsEditor } from './questions-editor';
export { BanToggle } from './ban-toggle';
export { PrizeField } from './prize-field';
