import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '../lib/i18n';
import { StartupErrorPage } from './startup-error-page';

describe('start-up error page', () => {
  afterEach(cleanup);

  it('shows the exact message and a retry', async () => {
    await initI18n('en', { startup: { title: 'Umpire could not start', retry: 'Try again', reload: 'Reload', configurationFailed: 'No configuration', contactSupport: 'Ask' } });
    const retry = vi.fn();
    render(<StartupErrorPage error={new Error('Http failure response for /api/v3/settings/configurations: 500 Internal Server Error')} onRetry={retry} />);
    expect(screen.getByRole('heading', { name: 'Umpire could not start' })).toBeTruthy();
    expect(screen.getByTestId('startup-error-message').textContent).toBe('Http failure response for /api/v3/settings/configurations: 500 Internal Server Error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('offers a reload, not a retry, for a missing base address', async () => {
    await initI18n('en', { startup: { title: 'T', reload: 'Reload the page', retry: 'Try again' } });
    render(<StartupErrorPage error={new Error('Please provide value for UMPIRE base API url')} />);
    expect(screen.getByText('Please provide value for UMPIRE base API url')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });
});
