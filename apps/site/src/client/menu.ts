/**
 * The main menu's behaviour (main_menu, drawn by @umpire/render with everything reachable). Kept
 * in the entry (it is small, and a phone's menu should fold before a chunk could arrive): shows
 * the buttons drawn hidden and marks the menu `data-enhanced`, whereupon the stylesheet folds the
 * sub-items behind their buttons and, under 768 px, the whole menu behind its Menu button.
 * - A button (Enter or Space, or a click) opens and closes what it controls; one item's sub-items
 *   open at a time.
 * - Escape closes the innermost open part around the focus (else the last opened) and puts the
 *   focus back on its button.
 * - Sub-items close when a click or the focus leaves their item.
 */
const EXPANDED = 'aria-expanded';
const isOpen = (b: HTMLButtonElement) => b.getAttribute(EXPANDED) === 'true';
const setOpen = (b: HTMLButtonElement, open: boolean) => b.setAttribute(EXPANDED, String(open));

export function enhanceMenus(root: Document = document): number {
  const navs = [...root.querySelectorAll<HTMLElement>('nav[data-menu]:not([data-enhanced])')];
  for (const nav of navs) {
    const buttons = [...nav.querySelectorAll<HTMLButtonElement>('button[aria-controls]')];
    const subs = buttons.filter((b) => b.classList.contains('u-nav-sub-toggle'));
    const itemOf = (b: HTMLButtonElement) => b.parentElement!;
    for (const button of buttons) {
      button.hidden = false;
      button.addEventListener('click', () => {
        const open = !isOpen(button);
        if (subs.includes(button)) for (const other of subs) if (other !== button) setOpen(other, false);
        setOpen(button, open);
      });
    }
    nav.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      const target = event.target as Node;
      const open = buttons.filter((b) => isOpen(b) && b.offsetParent !== null);
      const button = open.find((b) => subs.includes(b) && itemOf(b).contains(target)) ?? open.find((b) => subs.includes(b)) ?? open[0];
      if (!button) return;
      event.preventDefault();
      setOpen(button, false);
      button.focus();
    });
    nav.addEventListener('focusout', (event) => {
      const to = event.relatedTarget as Node | null;
      if (to) for (const b of subs) if (isOpen(b) && !itemOf(b).contains(to)) setOpen(b, false);
    });
    root.addEventListener('click', (event) => {
      for (const b of subs) if (isOpen(b) && !itemOf(b).contains(event.target as Node)) setOpen(b, false);
    });
    nav.dataset.enhanced = '';
  }
  return navs.length;
}
