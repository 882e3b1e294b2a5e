import { useLayoutEffect } from 'react';

/**
 * index.html paints a shell of the layout (top bar, sidebar, placeholders) before any script
 * runs. The first screen that replaces it removes it in its layout effect: the removal and the
 * screen reach the display in the same frame, so nothing flashes in between.
 */
export const STARTUP_SHELL_ID = 'startup-shell';

export function removeStartupShell(doc: Document = document): void {
  doc.getElementById(STARTUP_SHELL_ID)?.remove();
}

export function useRemoveStartupShell(): void {
  useLayoutEffect(() => removeStartupShell(), []);
}
