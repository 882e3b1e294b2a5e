// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { enhanceMenus } from './menu';
import { component, renderPage } from './test/page';

/** The main menu's buttons on the markup the renderer really draws. */
const items = [
  { label_pl: 'Aktualności', page_id: '4', page_slug: 'aktualnosci' },
  { label_pl: 'O lidze', url: 'https://liga.example.org/', children: [{ label_pl: 'Bilety', url: 'https://bilety.example.org/' }] },
  { label_pl: 'Kluby', page_id: '2', page_slug: 'kluby', children: [{ label_pl: 'Legia', page_id: '3', page_slug: 'kluby/leg' }] },
];
const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;
const subButtons = () => [...document.querySelectorAll<HTMLButtonElement>('.u-nav-sub-toggle')];
const key = (target: Element, name: string) => target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));

describe('the main menu in the browser', () => {
  beforeEach(() => {
    renderPage({ components: [component('m', 'main_menu', {}, { items })] });
    // jsdom lays nothing out: every button counts as shown.
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
  });

  it('is drawn usable without the script: sub-items in the page, buttons hidden', () => {
    expect(subButtons().every((b) => b.hidden)).toBe(true);
    expect($<HTMLButtonElement>('.u-nav-toggle').hidden).toBe(true);
    expect($('nav').hasAttribute('data-enhanced')).toBe(false);
  });

  it('shows its buttons and opens one item\'s sub-items at a time', () => {
    expect(enhanceMenus(document)).toBe(1);
    expect(enhanceMenus(document)).toBe(0); // once
    expect($('nav').hasAttribute('data-enhanced')).toBe(true);
    const [first, second] = subButtons();
    expect(first.hidden || second.hidden || $<HTMLButtonElement>('.u-nav-toggle').hidden).toBe(false);
    first.click();
    expect(first.getAttribute('aria-expanded')).toBe('true');
    second.click();
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    second.click();
    expect(second.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Escape and puts the focus back on the button', () => {
    enhanceMenus(document);
    const [first] = subButtons();
    first.click();
    const link = first.nextElementSibling!.querySelector('a')!;
    link.focus();
    key(link, 'Escape');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(first);
    // Then the phone's menu, when it is open and nothing inside is.
    const toggle = $<HTMLButtonElement>('.u-nav-toggle');
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    key(first, 'Escape');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes sub-items when a click lands outside their item', () => {
    enhanceMenus(document);
    const [first] = subButtons();
    first.click();
    document.body.click();
    expect(first.getAttribute('aria-expanded')).toBe('false');
  });
});
