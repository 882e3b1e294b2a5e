import { BuilderEdit } from './builder-edit';

/** A page: its fields, then its components (the kinds its page type's kind allows). */
export function PageEdit() {
  return <BuilderEdit type="pages" />;
}

/** A global page element (branding, header and footer, below the content): its fields and components. */
export function GlobalElementEdit() {
  return <BuilderEdit type="global_page_elements" />;
}
