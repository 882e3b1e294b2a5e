/**
 * Imports (issue 26): the wizard (kind and target, the file, its columns, the dry run with each
 * name's record changeable, the commit with a progress bar) and the history of imports with undo.
 */
export { default as ImportsPage } from './imports-page';
