/** Spec §2: after start-up the player script is loaded from a fixed assets path. */
export const PLAYER_SCRIPT_PATH = '/assets/player/umpire-player.js';

/** Adds the player script once; a failure is logged, it never stops the app. */
export function loadPlayerScript(doc: Document = document, path = PLAYER_SCRIPT_PATH): Promise<boolean> {
  const existing = doc.querySelector<HTMLScriptElement>(`script[data-umpire-player]`);
  if (existing) return Promise.resolve(true);
  return new Promise((resolve) => {
    const script = doc.createElement('script');
    script.src = path;
    script.async = true;
    script.dataset.umpirePlayer = '';
    script.onload = () => resolve(true);
    script.onerror = () => {
      console.error(`The player script could not be loaded from ${path}.`);
      resolve(false);
    };
    doc.head.appendChild(script);
  });
}
