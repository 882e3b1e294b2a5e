import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyScreen } from './lazy-screen';

describe('lazyScreen', () => {
  afterEach(cleanup);

  it('marks its place busy at once while the code is on the way, before any spinner shows', async () => {
    let arrive!: (module: { default: () => ReactElement }) => void;
    const Screen = lazyScreen(() => new Promise((resolve) => (arrive = resolve)));
    const { container } = render(<Screen />);
    // react-admin's spinner waits a second: nothing to see yet, but the place says it is busy.
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(container.textContent).toBe('');

    await act(async () => arrive({ default: () => <h1>Clubs</h1> }));
    expect(screen.getByRole('heading', { name: 'Clubs' })).toBeTruthy();
    expect(container.querySelector('[aria-busy]')).toBeNull();
  });
});
