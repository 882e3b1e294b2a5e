import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/**
 * The admin's sidebar menu: the same on every screen (only which entry is current moves), and a
 * third of a screen's elements. The first check of a page sees it; later checks of that page leave
 * it out, so the sweep checks that component once, not on each of its 200 screens (a check of a
 * club's form takes half the time without it). A page without it (the website, the gateway) is
 * checked whole every time.
 */
const SIDEBAR = '.RaSidebar-fixed';
const sidebarChecked = new WeakSet<Page>();

/**
 * Violations on the page as it is now, of any impact, with a few nodes each to find them.
 * Every rule axe-core has runs, experimental and AAA ones included (label in name, enhanced
 * contrast, target size): a subset lets real problems through. axe is loaded into the page once
 * and stays while the app moves between screens without a reload, and only violations come back:
 * @axe-core/playwright injects it anew and returns every pass on each call, three times slower.
 * (The app has no frames, which that wrapper would also visit.)
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  // Colours are read as drawn: a dialog still fading in blends its text with what is behind it,
  // so the check waits until no transition or animation is running (at most a few seconds).
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const { violations, sawSidebar } = await page.evaluate(
    async ({ sidebar, leaveOut }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const one = document.querySelectorAll(sidebar).length === 1;
      const results: AxeResults = await axe.run(one && leaveOut ? { exclude: [[sidebar]] } : document, {
        runOnly: { type: 'rule', values: axe.getRules().map((r) => r.ruleId) },
        resultTypes: ['violations'],
      });
      return { violations: results.violations, sawSidebar: one && !leaveOut };
    },
    { sidebar: SIDEBAR, leaveOut: sidebarChecked.has(page) },
  );
  if (sawSidebar) sidebarChecked.add(page);
  return violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n')[1]?.trim() ?? ''}`),
  }));
}

/** The serious and critical ones: what the browser tests refuse on every screen. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
