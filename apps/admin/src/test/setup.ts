// Shared set-up for the admin's unit tests (jsdom, or node where a test file asks for it).
// Test files share one module graph and one jsdom (isolate: false in vitest.config.ts), so what a
// test changes in globals, storage or the DOM is put back here, and each file starts as a fresh one would.
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetI18n } from '../lib/i18n';

// Texts another file loaded would otherwise decide this file's language (see currentLanguage).
beforeAll(resetI18n);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (typeof document === 'undefined') return;
  // Trees left mounted (renderHook without cleanup) would keep running into later files.
  cleanup();
  document.body.replaceChildren();
  document.documentElement.lang = '';
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
});
