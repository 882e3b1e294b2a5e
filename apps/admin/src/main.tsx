import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { prepareErrorTexts, startUp } from './app/bootstrap';
import { StartupErrorPage } from './app/startup-error-page';
import { createApp } from './app/app';
import { loadPlayerScript } from './lib/player-script';
import './index.css';

const root: Root = createRoot(document.getElementById('root')!);

async function run(): Promise<void> {
  const result = await startUp();
  if (result.kind === 'redirect') {
    window.location.replace(result.url);
    return;
  }
  if (result.kind === 'error') {
    await prepareErrorTexts();
    root.render(<StartupErrorPage error={result.error} onRetry={result.retryable ? () => void run() : undefined} />);
    return;
  }
  void loadPlayerScript();
  const App = createApp(result.runtime);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void run();
