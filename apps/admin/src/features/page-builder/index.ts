/**
 * The page builder (issue 9): the edit screens of pages and global page elements, with their
 * components as cards edited from the kind declarations, a palette, reordering by mouse and
 * keyboard, one Save (reorder in one call, stale versions refused) and a preview at chosen widths.
 */
export { PageEdit, GlobalElementEdit } from './screens';
