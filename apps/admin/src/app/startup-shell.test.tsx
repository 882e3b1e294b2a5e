import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { STARTUP_SHELL_ID, useRemoveStartupShell } from '../lib/startup-shell';
import { createTheme } from './theme';

const indexHtml = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');

/** The declarations of a CSS rule of index.html's inline style. */
function rule(selector: string): string {
  const start = indexHtml.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`index.html has no rule for ${selector}`);
  return indexHtml.slice(start, indexHtml.indexOf('}', start));
}

describe('start-up shell (index.html)', () => {
  afterEach(cleanup);

  it('is drawn in the theme’s colours', () => {
    const { palette } = createTheme();
    // react-admin's bar takes the secondary colour; the page its default background.
    expect(rule('#startup-shell header')).toContain(`background: ${(palette?.secondary as { main: string }).main};`);
    expect(rule('#startup-shell')).toContain(`background: ${palette?.background?.default};`);
    expect(rule('body')).toContain(`background: ${palette?.background?.default};`);
  });

  it('shows the app name as text (a paint that counts), busy and without anything to focus', () => {
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(indexHtml)![1]!;
    const shell = document.getElementById(STARTUP_SHELL_ID)!;
    expect(shell.querySelector('h1')?.textContent).toBe('Umpire');
    expect(shell.querySelector('main')?.getAttribute('aria-busy')).toBe('true');
    expect(shell.querySelectorAll('a, button, input, [tabindex]')).toHaveLength(0);
  });

  it('goes in the same commit as the first screen that replaces it', () => {
    document.body.innerHTML = `<div id="${STARTUP_SHELL_ID}"></div>`;
    let shellWhenRendered: HTMLElement | null = null;
    function Screen() {
      shellWhenRendered = document.getElementById(STARTUP_SHELL_ID);
      useRemoveStartupShell();
      return <p>app</p>;
    }
    render(<Screen />);
    expect(shellWhenRendered).not.toBeNull();
    expect(document.getElementById(STARTUP_SHELL_ID)).toBeNull();
  });
});
