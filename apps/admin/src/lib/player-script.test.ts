// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPlayerScript, PLAYER_SCRIPT_PATH } from './player-script';

describe('player script', () => {
  afterEach(() => {
    // Only the script it added: emptying the head would also drop the style tags Emotion's shared cache relies on.
    document.head.querySelectorAll('script[data-umpire-player]').forEach((script) => script.remove());
    vi.restoreAllMocks();
  });

  it('is added once from the fixed assets path', async () => {
    const first = loadPlayerScript();
    const script = document.head.querySelector('script[data-umpire-player]') as HTMLScriptElement;
    expect(script.getAttribute('src')).toBe(PLAYER_SCRIPT_PATH);
    script.onload!(new Event('load'));
    expect(await first).toBe(true);
    expect(await loadPlayerScript()).toBe(true);
    expect(document.head.querySelectorAll('script[data-umpire-player]')).toHaveLength(1);
  });

  it('logs a failure and lets the app go on', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const pending = loadPlayerScript();
    (document.head.querySelector('script[data-umpire-player]') as HTMLScriptElement).onerror!(new Event('error'));
    expect(await pending).toBe(false);
    expect(error).toHaveBeenCalledWith(expect.stringContaining(PLAYER_SCRIPT_PATH));
  });
});
