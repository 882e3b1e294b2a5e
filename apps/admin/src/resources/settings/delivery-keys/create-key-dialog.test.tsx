import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CoreAdminContext } from 'react-admin';
import { setRuntime, type Runtime } from '../../../lib/configuration';
import { HttpFailure, type HttpClient, type HttpRequest } from '../../../providers/http-client';
import { createI18nProvider } from '../../../providers/i18n-provider';
import { setApiClient } from '../../../providers/json-api';
import { loadEnglish } from '../../../test/english';
import { CreateKeyDialog } from './create-key-dialog';
import { createdKeyOf } from './delivery-key-api';

const SECRET = `udk_${'a1B2'.repeat(10)}xyz`;
const keyDocument = (secret: string | null) => ({
  data: { type: 'delivery_keys', id: '7', attributes: { name: 'Club website', prefix: SECRET.slice(0, 12), rate_limit_per_minute: 600, status: 'active' } },
  meta: secret === null ? { secret: null, secret_withheld: true } : { secret },
});

let answer: (url: string, req?: HttpRequest) => unknown;
const calls: { url: string; req?: HttpRequest }[] = [];

beforeAll(async () => {
  await loadEnglish();
  setRuntime({ languages: ['en'], language: 'en', urls: { umpire: '/api/v3' } } as unknown as Runtime);
  setApiClient(
    vi.fn(async (url: string, req?: HttpRequest) => {
      calls.push({ url, req });
      return { status: 201, headers: new Headers(), url, body: answer(url, req) };
    }) as unknown as HttpClient,
  );
});
afterAll(() => setApiClient(undefined));
afterEach(() => {
  cleanup();
  calls.length = 0;
});

function renderDialog() {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  render(
    <CoreAdminContext i18nProvider={createI18nProvider(['en'])}>
      <CreateKeyDialog onClose={onClose} onCreated={onCreated} />
    </CoreAdminContext>,
  );
  return { onClose, onCreated };
}

async function submit(name: string, limit?: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /Website or app/ }), { target: { value: name } });
  if (limit !== undefined) fireEvent.change(screen.getByRole('spinbutton', { name: /Requests per minute/ }), { target: { value: limit } });
  fireEvent.click(screen.getByRole('button', { name: 'New key' }));
}

describe('the answer to a create', () => {
  it('gives the key and its secret, which is in meta, not in the record', () => {
    expect(createdKeyOf(keyDocument(SECRET))).toEqual({ id: '7', name: 'Club website', prefix: SECRET.slice(0, 12), secret: SECRET });
    expect(createdKeyOf(keyDocument(null)).secret).toBeNull();
    expect(createdKeyOf({ data: { id: 7, attributes: {} }, meta: { secret: '' } })).toEqual({ id: '7', name: '', prefix: '', secret: null });
    expect(createdKeyOf(undefined).secret).toBeNull();
  });
});

describe('making a delivery key', () => {
  it('sends the name and limit, then shows the secret once with a warning and a copy button, and closes only by its button', async () => {
    answer = () => keyDocument(SECRET);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { onClose, onCreated } = renderDialog();
    expect(screen.queryByTestId('delivery-key-secret')).toBeNull();
    await submit('Club website', '1200');

    await waitFor(() => expect(screen.getByTestId('delivery-key-secret').textContent).toBe(SECRET));
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/v3/delivery_keys');
    expect(calls[0].req?.method).toBe('POST');
    expect(calls[0].req?.body).toEqual({ data: { type: 'delivery_keys', attributes: { name: 'Club website', rate_limit_per_minute: 1200 } } });
    expect(onCreated).toHaveBeenCalledWith({ id: '7', name: 'Club website', prefix: SECRET.slice(0, 12), secret: SECRET });
    expect(screen.getByRole('heading', { name: 'Copy the key now' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('only time the key is shown');
    // The dialog says what it warns about.
    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toBe('delivery-key-dialog-warning');

    fireEvent.click(screen.getByRole('button', { name: 'Copy the key' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(SECRET);

    // A click beside the dialog does not lose the secret; its button closes it.
    fireEvent.click(document.querySelector('.MuiBackdrop-root')!);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'I have copied the key' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser does not let it copy, the key staying on screen', async () => {
    answer = () => keyDocument(SECRET);
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    renderDialog();
    await submit('Club website');
    await waitFor(() => expect(screen.getByTestId('delivery-key-secret')).toBeTruthy());
    expect(calls[0].req?.body).toMatchObject({ data: { attributes: { rate_limit_per_minute: 600 } } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy the key' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('copy it by hand'));
    expect(screen.getByTestId('delivery-key-secret').textContent).toBe(SECRET);
  });

  it('keeps the form with the error beside its field when the server refuses, and makes nothing', async () => {
    answer = (url) => {
      throw new HttpFailure('refused', 'http', url, 422, 'Unprocessable Entity', {
        errors: [{ status: '422', code: 'unique', title: 'Invalid', detail: 'Website or app is already taken.', source: { pointer: '/data/attributes/name' }, meta: { key: 'unique' } }],
      });
    };
    const { onCreated } = renderDialog();
    await submit('Club website');
    await waitFor(() => expect(screen.getByText(/already taken/i)).toBeTruthy());
    expect(screen.queryByTestId('delivery-key-secret')).toBeNull();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('checks the name and the limit before asking the server', async () => {
    answer = () => keyDocument(SECRET);
    renderDialog();
    await submit('   ', '0');
    await waitFor(() => expect(screen.getAllByText(/must|required|blank|least|small/i).length).toBeGreaterThan(0));
    expect(calls).toHaveLength(0);
  });

  it('tells to revoke and make another when the answer could not hold the secret', async () => {
    answer = () => keyDocument(null);
    const { onClose } = renderDialog();
    await submit('Club website');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Revoke this key and make a new one'));
    expect(screen.queryByTestId('delivery-key-secret')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
