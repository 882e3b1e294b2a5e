/**
 * Small DOM helpers of the browser half: elements from a tag, attributes and children (text is
 * always set as text, never parsed as HTML: titles and answers come from the network), status
 * lines that screen readers hear, and one polite announcer per page.
 */
type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

let counter = 0;
/** An id unique in the page, for labels and descriptions. */
export const uid = (prefix: string) => `u-${prefix}-${++counter}`;

export type NoticeKind = 'info' | 'success' | 'error';

/**
 * A line that says how an action went: errors as an alert, the rest as a polite status. The
 * element is made empty up front (a live region must exist before it changes to be heard).
 */
export function noticeLine(): { element: HTMLElement; show(text: string, kind?: NoticeKind): void; clear(): void } {
  const element = h('div', { class: 'u-notice', role: 'status', 'aria-live': 'polite' });
  const alert = h('div', { class: 'u-notice u-notice--error', role: 'alert' });
  const wrap = h('div', { class: 'u-notices' }, element, alert);
  return {
    element: wrap,
    show(text, kind = 'info') {
      element.textContent = kind === 'error' ? '' : text;
      element.className = `u-notice u-notice--${kind}`;
      alert.textContent = kind === 'error' ? text : '';
    },
    clear() {
      element.textContent = '';
      alert.textContent = '';
    },
  };
}

let announcer: HTMLElement | null = null;

/**
 * Says something to screen readers without moving focus (a goal, a match's new state): one
 * polite live region inside the page's main landmark, visually hidden.
 */
export function announce(text: string, doc: Document = document): void {
  if (!announcer || !announcer.isConnected) {
    announcer = h('div', { class: 'u-visually-hidden', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true', 'data-announcer': '' });
    (doc.getElementById('u-main') ?? doc.querySelector('main') ?? doc.body).appendChild(announcer);
  }
  const region = announcer;
  // A new text node each time, so the same words twice (two goals at 1:1?) are heard twice.
  region.textContent = '';
  region.appendChild(doc.createTextNode(text));
}

/** Minutes and seconds, `1:05`. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
