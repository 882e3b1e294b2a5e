import { StrictMode, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { prepareErrorTexts, startUp } from './app/bootstrap';
import { loadPlayerScript } from './lib/player-script';
import { useRemoveStartupShell } from './lib/startup-shell';

// The entry is start-up alone, so it runs (and fetches the configuration and translations) as
// soon as it arrives; React, react-admin and the screens download meanwhile (index.html
// preloads them) and are awaited only once start-up is done.
const appModule = import('./app/app');
const reactDom = import('react-dom/client');
// Awaited only when needed; a redirect leaves them unobserved.
void appModule.catch(() => undefined);
void reactDom.catch(() => undefined);
const errorPageModule = () => import('./app/startup-error-page');

let root: Root | undefined;
async function render(node: ReactNode): Promise<void> {
  root ??= (await reactDom).createRoot(document.getElementById('root')!);
  root.render(node);
}

function ShellReplacement({ children }: { children: ReactNode }) {
  useRemoveStartupShell();
  return children;
}

async function showError(error: Error, retry?: () => void): Promise<void> {
  const [{ StartupErrorPage }] = await Promise.all([errorPageModule(), prepareErrorTexts()]);
  await render(
    <ShellReplacement>
      <StartupErrorPage error={error} onRetry={retry} />
    </ShellReplacement>,
  );
}

async function run(): Promise<void> {
  const result = await startUp();
  if (result.kind === 'redirect') {
    window.location.replace(result.url);
    return;
  }
  if (result.kind === 'error') {
    await showError(result.error, result.retryable ? () => void run() : undefined);
    return;
  }
  let app: Awaited<typeof appModule>;
  try {
    app = await appModule;
  } catch (error) {
    // A chunk that did not arrive (network, or a deploy in between): reloading fetches it anew.
    console.error('Start-up failed: the app could not be loaded.', error);
    await showError(error as Error);
    return;
  }
  void loadPlayerScript();
  const App = app.createApp(result.runtime);
  await render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void run();
